/// At most 256 distinct RGBA colours (as little-endian UInt32) and their palette indices, in an
/// open-addressed table: counting colours and mapping pixels run once per pixel, where a Dictionary's
/// hashing would cost more than the deflate that follows.
package struct ColorTable: Sendable {
    static let limit = 256
    private static let slots = 1024  // a quarter full at most: short probes
    private var keys = [UInt32](repeating: 0, count: slots)
    private var entries = [Int16](repeating: -1, count: slots)  // index into `colors`, -1 when empty
    package private(set) var colors: [UInt32] = []

    init() { colors.reserveCapacity(Self.limit) }

    init(_ colors: [UInt32]) {
        self.init()
        for color in colors { _ = insert(color) }
    }

    @inline(__always)
    private static func slot(_ color: UInt32) -> Int { Int((color &* 0x9E37_79B1) >> 22) }

    /// Adds `color` when new; false when it is new and the table already holds `limit` colours.
    @inline(__always)
    mutating func insert(_ color: UInt32) -> Bool {
        var s = Self.slot(color)
        while entries[s] >= 0 {
            if keys[s] == color { return true }
            s = (s + 1) & (Self.slots - 1)
        }
        guard colors.count < Self.limit else { return false }
        keys[s] = color
        entries[s] = Int16(colors.count)
        colors.append(color)
        return true
    }

    /// The index of each of `colors`, all of which the table holds, into `out`: over raw buffers, as it runs for
    /// every pixel of each way the GIF planner tries to store a frame.
    func indices(of colors: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt8>) {
        keys.withUnsafeBufferPointer { keys in
            entries.withUnsafeBufferPointer { entries in
                // Runs of one colour are looked up once.
                var last = colors.first.map { $0 &+ 1 } ?? 0
                var index: UInt8 = 0
                for n in 0..<colors.count {
                    let color = colors[n]
                    if color != last {
                        last = color
                        index = Self.probe(color, keys: keys, entries: entries)
                    }
                    out[n] = index
                }
            }
        }
    }

    /// The index of a colour the table holds.
    @inline(__always)
    func index(of color: UInt32) -> UInt8 {
        keys.withUnsafeBufferPointer { keys in
            entries.withUnsafeBufferPointer { Self.probe(color, keys: keys, entries: $0) }
        }
    }

    /// `color`'s index, found from its slot on.
    @inline(__always)
    private static func probe(_ color: UInt32, keys: UnsafeBufferPointer<UInt32>, entries: UnsafeBufferPointer<Int16>)
        -> UInt8
    {
        var s = slot(color)
        while true {
            let entry = entries[s]
            precondition(entry >= 0, "colour \(color) is not in the palette")
            if keys[s] == color { return UInt8(entry) }
            s = (s + 1) & (slots - 1)
        }
    }
}
