/// The distinct colours of one or more frames with their pixel counts, in an open-addressing hash table
/// (no allocation per pixel, and an order that depends only on the input), and for every pixel the
/// number of its colour, so later passes never hash again.
struct ColorHistogram {
    /// Distinct colours, packed as `PaletteSpace.pack`, in order of first appearance.
    private(set) var colors: [UInt32] = []
    private(set) var counts: [Int] = []
    /// Per frame, per pixel: the index of its colour in `colors`.
    private(set) var pixelColors: [[Int32]] = []
    /// Whether some fully transparent pixel had colour channels other than zero (`clearTransparent` only).
    private(set) var hadHiddenColors = false

    /// Slots of the hash table, each a colour and its index in `colors` plus one (the colour in the high half),
    /// 0 when empty: one load finds both. A power of two long.
    private var slots: [UInt64] = [UInt64](repeating: 0, count: 1 << 12)

    /// `clearTransparent`: count every fully transparent pixel as (0, 0, 0, 0), the one colour it shows.
    /// `frames`: RGBA pixels, 4 bytes each.
    init(frames: [[UInt8]], clearTransparent: Bool) {
        for frame in frames { add(frame, clearTransparent: clearTransparent) }
    }

    private mutating func add(_ frame: [UInt8], clearTransparent: Bool) {
        let count = frame.count / 4
        var hidden = false
        let ids = [Int32](unsafeUninitializedCapacity: count) { ids, initialized in
            frame.withUnsafeBytes { raw in
                var previous: UInt32 = 0
                var previousID: Int32 = -1
                var run = 0
                for i in 0..<count {
                    var color = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self).littleEndian
                    if clearTransparent && color < 0x0100_0000 {
                        hidden = hidden || color != 0
                        color = 0
                    }
                    // Stickers are mostly runs of one colour: a run is hashed and counted once.
                    if color != previous || previousID < 0 {
                        if previousID >= 0 { counts[Int(previousID)] += run }
                        (previous, previousID, run) = (color, lookup(color), 0)
                    }
                    ids[i] = previousID
                    run += 1
                }
                if previousID >= 0 { counts[Int(previousID)] += run }
            }
            initialized = count
        }
        hadHiddenColors = hadHiddenColors || hidden
        pixelColors.append(ids)
    }

    /// The index of `color`, added with a count of 0 when new.
    @inline(__always)
    private mutating func lookup(_ color: UInt32) -> Int32 {
        let mask = slots.count - 1
        var slot = hash(color) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if UInt32(truncatingIfNeeded: entry >> 32) == color { return Int32(truncatingIfNeeded: entry) - 1 }
            slot = (slot + 1) & mask
        }
        let id = Int32(colors.count)
        colors.append(color)
        counts.append(0)
        slots[slot] = Self.entry(color, id)
        if colors.count * 2 > slots.count { grow() }
        return id
    }

    @inline(__always)
    private static func entry(_ color: UInt32, _ id: Int32) -> UInt64 { UInt64(color) << 32 | UInt64(id + 1) }

    /// Fibonacci hashing: the multiply spreads colours that differ in one channel over the whole table.
    @inline(__always)
    private func hash(_ color: UInt32) -> Int {
        Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    /// Doubles the table, keeping its load under a half so probes stay short.
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, color) in colors.enumerated() {
            var slot = hash(color) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.entry(color, Int32(index))
        }
    }
}
