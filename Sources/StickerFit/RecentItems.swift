import StickerPalette

/// The latest items (quantised frames, encoded files), oldest dropped first past a byte budget: the search comes
/// back to a setting after trying others (a lossy budget after its neighbours, APNG after GIF, a leader's cell after
/// the smaller sizes), and making it again (a dithered remap, an encoding) is the costly step. The newest is kept
/// whatever its size.
struct RecentItems<Key: Hashable, Value> {
    let budget: Int
    private var entries: [(key: Key, value: Value, bytes: Int)] = []
    private var total = 0

    init(budget: Int) { self.budget = budget }

    subscript(key: Key) -> Value? { entries.first { $0.key == key }?.value }

    mutating func add(_ value: Value, bytes: Int, for key: Key) {
        while let oldest = entries.first, total + bytes > budget {
            total -= oldest.bytes
            entries.removeFirst()
        }
        entries.append((key, value, bytes))
        total += bytes
    }
}

typealias RecentFiles = RecentItems<FitKnobs, [UInt8]>

extension RecentItems where Value == QuantizedImage {
    /// A quantisation's indices, a byte a pixel.
    mutating func add(_ image: QuantizedImage, for key: Key) {
        add(image, bytes: image.width * image.height * image.indices.count, for: key)
    }
}

extension RecentItems where Value == [UInt8] {
    mutating func add(_ file: [UInt8], for key: Key) { add(file, bytes: file.count, for: key) }
}
