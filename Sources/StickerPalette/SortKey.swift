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
