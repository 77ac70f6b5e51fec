/// One chunk of a PNG stream: its four-letter type and where its data lies in the file.
package struct PNGChunk {
    package let type: String
    package let offset: Int  // of the length field
    package let data: Range<Int>  // the data, without length, type and CRC

    var isCritical: Bool { type.first?.isUppercase ?? false }
}

/// Walks the chunks of a PNG file, checking every length and CRC. Knows nothing of pixels.
package enum PNGChunkWalker {
    /// Every chunk up to and including IEND, each CRC checked. Throws on the first damaged chunk.
    package static func chunks(of bytes: [UInt8]) throws(DecodeError) -> [PNGChunk] {
        var chunks: [PNGChunk] = []
        var offset = FormatSniffer.pngSignature.count
        while true {
            guard offset + 8 <= bytes.count else {
                throw .malformed("truncated PNG: the file ends at byte \(bytes.count) before the IEND chunk")
            }
            let length = Int(bytes.uint32BE(at: offset))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw .malformed("malformed PNG: invalid chunk type at byte \(offset + 4)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= 0x7FFF_FFFF else {
                throw .malformed("malformed PNG: chunk \(type) at byte \(offset) claims \(length) bytes")
            }
            let end = offset + 8 + length + 4
            guard end <= bytes.count else {
                throw .malformed(
                    "truncated PNG: chunk \(type) at byte \(offset) needs \(length) bytes, the file ends first")
            }
            let stored = bytes.uint32BE(at: offset + 8 + length)
            let computed = DeflateCRC32.checksum(bytes[(offset + 4)..<(offset + 8 + length)])
            guard stored == computed else {
                throw .malformed("CRC error in PNG chunk \(type) at byte \(offset): the data is damaged")
            }
            chunks.append(PNGChunk(type: type, offset: offset, data: (offset + 8)..<(offset + 8 + length)))
            if type == "IEND" { return chunks }
            offset = end
        }
    }

    /// Whether an `acTL` chunk comes before the first `IDAT`, without checking CRCs (for sniffing).
    static func hasAnimationControlBeforeImageData(_ bytes: [UInt8]) -> Bool {
        var offset = FormatSniffer.pngSignature.count
        while offset + 8 <= bytes.count {
            let length = Int(bytes.uint32BE(at: offset))
            switch String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) {
            case "acTL": return true
            case "IDAT", "IEND": return false
            default: break
            }
            guard length <= 0x7FFF_FFFF else { return false }
            offset += 12 + length
        }
        return false
    }
}
