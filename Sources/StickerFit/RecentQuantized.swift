import StickerPalette

/// The latest quantisations (indices, a byte a pixel), oldest dropped first past a byte budget: the search comes back
/// to a palette setting after trying others (a lossy budget after its neighbours, APNG after GIF, a leader's cell after
/// the smaller sizes), and the dithered remap is its costliest step. The newest is kept whatever its size.
struct RecentQuantized<Key: Hashable> {
    let budget: Int
    private var entries: [(key: Key, image: QuantizedImage, bytes: Int)] = []
    private var total = 0

    init(budget: Int) { self.budget = budget }

    subscript(key: Key) -> QuantizedImage? { entries.first { $0.key == key }?.image }

    mutating func add(_ image: QuantizedImage, for key: Key) {
        let bytes = image.width * image.height * image.indices.count
        while let oldest = entries.first, total + bytes > budget {
            total -= oldest.bytes
            entries.removeFirst()
        }
        entries.append((key, image, bytes))
        total += bytes
    }
}
