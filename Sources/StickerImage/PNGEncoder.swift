import CCodecs

/// RGBA8 to PNG bytes through libpng.
public enum PNGEncoder {
    public struct EncodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// An 8-bit RGBA PNG. `compressionLevel` is zlib's, 0-9.
    public static func encode(_ image: RGBAImage, compressionLevel: Int = 6) throws(EncodeError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(CC_MESSAGE_LENGTH))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cc_png_encode(pixels.baseAddress, nil, nil, 0, UInt32(image.width), UInt32(image.height),
                          Int32(compressionLevel), &out, &size, &message)
        }
        defer { cc_free(out) }
        guard status == CC_OK, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw EncodeError(description: "PNG encoding failed: \(text.isEmpty ? "out of memory" : text)")
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
