/// Identifies a file by its first bytes, never by its name.
public enum FormatSniffer {
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The format of `bytes`, or `.unsupportedFormat` saying what the data looks like.
    /// PNG and APNG are told apart by an `acTL` chunk before the first `IDAT`.
    public static func sniff(_ bytes: [UInt8]) throws(DecodeError) -> ImageFormat {
        guard !bytes.isEmpty else { throw .unsupportedFormat("empty file (0 bytes)") }
        if bytes.starts(with: pngSignature) {
            return PNGChunkWalker.hasAnimationControlBeforeImageData(bytes) ? .apng : .png
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
        throw .unsupportedFormat(describeUnknown(bytes))
    }

    /// What an unsupported file looks like, so the message can say "this is a WebP", not just "unknown".
    static func describeUnknown(_ bytes: [UInt8]) -> String {
        func ascii(_ range: Range<Int>) -> String? {
            guard bytes.count >= range.upperBound else { return nil }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        if ascii(0..<4) == "RIFF", ascii(8..<12) == "WEBP" { return "WebP image" }
        if ascii(4..<8) == "ftyp", let brand = ascii(8..<12) {
            switch brand {
            case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1": return "HEIC/HEIF image"
            case "avif", "avis": return "AVIF image"
            default: return "ISO media file (\(brand))"
            }
        }
        if ascii(0..<2) == "BM" { return "BMP image" }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return "TIFF image"
        }
        if bytes.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "ICO icon" }
        if ascii(0..<4) == "8BPS" { return "Photoshop document" }
        if ascii(0..<4) == "%PDF" { return "PDF document" }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "ZIP archive" }
        if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return "JPEG XL image"
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return "damaged JPEG (no marker after SOI)" }
        if bytes.count >= 8, bytes[1...3].elementsEqual("PNG".utf8) { return "damaged PNG (signature bytes altered)" }
        if let head = ascii(0..<min(bytes.count, 64)), head.contains("<svg") || head.hasPrefix("<?xml") {
            return "SVG/XML text"
        }
        if bytes.prefix(512).allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) }) {
            return "text file"
        }
        return "unknown data starting with "
            + bytes.prefix(4).map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return hex.count == 1 ? "0" + hex : hex
            }.joined(separator: " ")
    }
}
