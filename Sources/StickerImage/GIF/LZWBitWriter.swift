/// Packs LZW codes least significant bit first, as GIF stores them, into a buffer large enough for the stream.
struct LZWBitWriter {
    let out: UnsafeMutablePointer<UInt8>
    var count = 0
    var buffer: UInt64 = 0
    var bits = 0

    init(out: UnsafeMutablePointer<UInt8>) { self.out = out }

    @inline(__always)
    mutating func write(_ code: Int, width: Int) {
        buffer |= UInt64(code) << bits
        bits += width
        while bits >= 8 {
            out[count] = UInt8(truncatingIfNeeded: buffer)
            count += 1
            buffer >>= 8
            bits -= 8
        }
    }

    mutating func finish() -> Int {
        if bits > 0 {
            out[count] = UInt8(truncatingIfNeeded: buffer)
            count += 1
        }
        return count
    }
}
