import CCodecs

/// RGBA8 to PNG bytes through libpng.
public enum PNGEncoder {
    public struct EncodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// An 8-bit RGBA PNG. `compressionLevel` is zlib's, 0-9.
    public static func encode(_ image: RGBAImage, compressionLevel: Int = 6) throws(EncodeError) -> [UInt8] {
        try encode(image, palette: nil, compressionLevel: compressionLevel)
    }

    /// An RGB PNG with no alpha channel (the App Store icons); alpha is dropped, so flatten first.
    public static func encodeOpaque(_ image: RGBAImage, compressionLevel: Int = 9) throws(EncodeError) -> [UInt8] {
        try encode(image, palette: nil, compressionLevel: compressionLevel, opaque: true)
    }

    /// Indexed with tRNS when `palette` holds every colour of the image, else 8-bit RGBA.
    static func encode(_ image: RGBAImage, palette: ExactPalette?, compressionLevel: Int, opaque: Bool = false)
        throws(EncodeError) -> [UInt8]
    {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(CC_MESSAGE_LENGTH))
        let indices = palette?.indices(of: image)
        let entries = palette?.rgba
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeOptionalBuffer { indexBuffer in
                entries.withUnsafeOptionalBuffer { paletteBuffer in
                    cc_png_encode(
                        pixels.baseAddress, indexBuffer, paletteBuffer, Int32(palette?.colors.count ?? 0),
                        UInt32(image.width), UInt32(image.height), Int32(compressionLevel), opaque ? 1 : 0, &out, &size,
                        &message)
                }
            }
        }
        defer { cc_free(out) }
        guard status == CC_OK, let out else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw EncodeError(description: "PNG encoding failed: \(text.isEmpty ? "out of memory" : text)")
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}

extension Optional where Wrapped == [UInt8] {
    /// The array's storage, or NULL, for C calls that take an optional buffer.
    func withUnsafeOptionalBuffer<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        switch self {
        case .some(let array): return array.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: return body(nil)
        }
    }
}
