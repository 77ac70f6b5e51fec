/// Format and size read from the header alone, without decoding pixels: for callers that need no pixels.
public struct ImageProbe: Equatable, Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// APNG: the frame count acTL declares. Unknown (nil) for GIF without a full pass.
    public var declaredFrames: Int?
    public var bitDepth: Int?

    /// Reads only the first bytes that describe the image.
    public static func probe(_ bytes: [UInt8]) throws(DecodeError) -> ImageProbe {
        let format = try FormatSniffer.sniff(bytes)
        switch format {
        case .png, .apng: return try probePNG(bytes, format: format)
        case .gif:
            // Header (6 bytes) and logical screen descriptor (7): width, height, then the packed fields.
            guard bytes.count >= 13 else { throw .malformed("truncated GIF: no logical screen descriptor") }
            return ImageProbe(
                format: .gif, width: Int(bytes.uint16LE(at: 6)), height: Int(bytes.uint16LE(at: 8)),
                declaredFrames: nil, bitDepth: Int(bytes[10] & 0x07) + 1)
        case .jpeg: return try probeJPEG(bytes)
        }
    }

    private static func probePNG(_ bytes: [UInt8], format: ImageFormat) throws(DecodeError) -> ImageProbe {
        guard bytes.count >= 33, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else {
            throw .malformed("malformed PNG: no IHDR chunk at the start")
        }
        var probe = ImageProbe(
            format: format, width: Int(bytes.uint32BE(at: 16)), height: Int(bytes.uint32BE(at: 20)),
            declaredFrames: nil, bitDepth: Int(bytes[24]))
        if format == .apng {
            var offset = 8
            while offset + 16 <= bytes.count {
                let length = Int(bytes.uint32BE(at: offset))
                if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "acTL" {
                    probe.declaredFrames = Int(bytes.uint32BE(at: offset + 8))
                    break
                }
                offset += 12 + length
            }
        }
        return probe
    }

    private static func probeJPEG(_ bytes: [UInt8]) throws(DecodeError) -> ImageProbe {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw .malformed("malformed JPEG: no marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes.uint16BE(at: offset + 2))
            let isFrameHeader = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrameHeader {
                guard offset + 9 <= bytes.count else { break }
                return ImageProbe(
                    format: .jpeg, width: Int(bytes.uint16BE(at: offset + 7)),
                    height: Int(bytes.uint16BE(at: offset + 5)), declaredFrames: 1, bitDepth: Int(bytes[offset + 4]))
            }
            if marker == 0xDA { break }
            offset += 2 + length
        }
        throw .malformed("malformed JPEG: no frame header (SOF) before the image data")
    }
}
