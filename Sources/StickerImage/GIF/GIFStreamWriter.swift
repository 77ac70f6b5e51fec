/// Writes a GIF89a stream block by block (header, logical screen, colour tables, NETSCAPE2.0 loop,
/// graphic control, image descriptor, LZW data, trailer). Knows nothing of how frames are chosen.
struct GIFStreamWriter {
    private(set) var bytes: [UInt8] = Array("GIF89a".utf8)

    /// The logical screen, with the global colour table when there is one.
    mutating func appendScreen(width: Int, height: Int, globalTable: [UInt32]?) {
        appendUInt16(width)
        appendUInt16(height)
        if let globalTable {
            let bits = Self.tableBits(globalTable.count)
            bytes += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
            appendTable(globalTable, bits: bits)
        } else {
            bytes += [0x70, 0, 0]
        }
    }

    /// The loop count as browsers read it (0 = forever).
    mutating func appendLoop(_ count: Int) {
        bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1]
        appendUInt16(min(count, 0xFFFF))
        bytes.append(0)
    }

    /// The graphic control extension: disposal method (0-3), delay in hundredths, transparent index.
    mutating func appendControl(disposal: Int, delayCentiseconds: Int, transparentIndex: Int?) {
        bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparentIndex == nil ? 0 : 1)]
        appendUInt16(delayCentiseconds)
        bytes += [UInt8(transparentIndex ?? 0), 0]
    }

    /// An image: its descriptor, its local colour table when given, then its LZW data.
    mutating func appendImage(_ rect: PixelRect, localTable: [UInt32]?, data: [UInt8]) {
        bytes.append(0x2C)
        for value in [rect.x, rect.y, rect.width, rect.height] { appendUInt16(value) }
        if let localTable {
            let bits = Self.tableBits(localTable.count)
            bytes.append(0x80 | UInt8(bits - 1))
            appendTable(localTable, bits: bits)
        } else {
            bytes.append(0)
        }
        bytes += data
    }

    mutating func finish() -> [UInt8] {
        bytes.append(0x3B)
        return bytes
    }

    /// Bits of a colour table holding `count` entries: its size is 2^bits, 2 to 256.
    static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    /// Entries as RGB (the colours' alpha is not stored), padded with black to 2^bits.
    private mutating func appendTable(_ colors: [UInt32], bits: Int) {
        for color in colors { bytes += [UInt8(color & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color >> 16 & 0xFF)] }
        bytes += [UInt8](repeating: 0, count: ((1 << bits) - colors.count) * 3)
    }

    private mutating func appendUInt16(_ value: Int) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
}
