/// A float and an index packed into one integer that orders as the pair (float, index) does: sorting these is
/// a plain integer sort instead of pairs through a comparison closure (the quantiser sorts a palette's distances
/// for each entry, and each median-cut box along an axis).
enum SortKey {
    /// `value` must not be NaN; -0 and +0 are one key, as they compare equal.
    @inline(__always)
    static func make(_ value: Float, _ index: Int32) -> UInt64 {
        // Negative floats order in reverse of their bits: flip them all; flip only the sign of the rest.
        let bits = (value + 0).bitPattern
        let ordered = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
        return UInt64(ordered) << 32 | UInt64(UInt32(bitPattern: index))
    }

    /// The index a key was made with.
    @inline(__always)
    static func index(_ key: UInt64) -> Int32 { Int32(truncatingIfNeeded: key) }
}

extension SortKey {
    /// Sorts keys ascending: the same order as `sort()` (integers equal only when they are the same), by a
    /// least-significant-digit radix sort, byte by byte, skipping the bytes every key shares (an index's high
    /// bytes, a box's exponent). The quantiser sorts tens of thousands of keys per median-cut split and a
    /// palette's distances per k-means pass, where the comparison sort's unpredictable branches dominated.
    static func sort(_ keys: inout [UInt64]) {
        let count = keys.count
        // Below this a comparison sort is as quick.
        guard count > 64 else {
            keys.sort()
            return
        }
        var counts = [Int](repeating: 0, count: 8 * 256)
        var spare = [UInt64](repeating: 0, count: count)
        counts.withUnsafeMutableBufferPointer { counts in
            keys.withUnsafeBufferPointer { keys in
                for key in keys {
                    for byte in 0..<8 { counts[byte << 8 | Int(key >> UInt64(byte * 8) & 0xFF)] += 1 }
                }
            }
        }
        var inSpare = false
        for byte in 0..<8 {
            let shift = UInt64(byte * 8)
            let base = byte << 8
            // A byte every key shares leaves the order as it is.
            if counts[base + Int(keys[0] >> shift & 0xFF)] == count { continue }
            counts.withUnsafeMutableBufferPointer { counts in
                var next = 0
                for digit in 0..<256 { (counts[base + digit], next) = (next, next + counts[base + digit]) }
                keys.withUnsafeMutableBufferPointer { keys in
                    spare.withUnsafeMutableBufferPointer { spare in
                        let (from, to) = inSpare ? (spare, keys) : (keys, spare)
                        for key in from {
                            let slot = base + Int(key >> shift & 0xFF)
                            to[counts[slot]] = key
                            counts[slot] += 1
                        }
                    }
                }
            }
            inSpare.toggle()
        }
        if inSpare { swap(&keys, &spare) }
    }
}
