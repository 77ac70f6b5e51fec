/// APNG stores a frame's delay as a fraction of a second (two 16-bit numbers); the decoder reads it back as
/// numerator * 1000 / denominator milliseconds. This finds a fraction that reads back to exactly the delay
/// given, so a re-encoded animation keeps its timing to the bit.
package enum DelayFraction {
    package static func exact(ms: Double) -> (numerator: UInt16, denominator: UInt16)? {
        guard ms >= 0, ms <= 65_535_000 else { return nil }
        if ms == 0 { return (0, 1000) }
        // Milliseconds and centiseconds cover almost every file; then any denominator.
        for denominator in [1000, 100] + Array(1...65535) {
            let numerator = (ms * Double(denominator) / 1000).rounded()
            guard numerator <= 65535 else { continue }
            if numerator * 1000 / Double(denominator) == ms { return (UInt16(numerator), UInt16(denominator)) }
        }
        return nil
    }

    /// The stored fraction: exact when one exists, else whole milliseconds (clamped to 65.535 s; 0 for a delay
    /// that is not a number).
    static func stored(ms: Double) -> (numerator: UInt16, denominator: UInt16) {
        exact(ms: ms) ?? (ms.isFinite ? UInt16(clamping: Int(ms.rounded().clamped(0, 65535))) : 0, 1000)
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
