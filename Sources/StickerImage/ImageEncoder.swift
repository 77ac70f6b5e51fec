import CCodecs

/// Encodes a decoded image back into a format: PNG or APNG (our writer over libdeflate), GIF (our writer and
/// LZW coder), JPEG (libjpeg-turbo).
public enum ImageEncoder {
    public static func encode(
        _ image: DecodedImage, as format: ImageFormat, compression: PNGCompression = .fast,
        jpegQuality: Int = 92
    ) throws(EncodeError) -> [UInt8] {
        switch format {
        case .png, .apng: return try APNGEncoder.encode(image, compression: compression)
        case .gif: return try GIFEncoder.encode(image)
        case .jpeg: return try encodeJPEG(image.frames[0].image, quality: jpegQuality)
        }
    }

    public static func encodeJPEG(_ image: RGBAImage, quality: Int) throws(EncodeError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: Int(CC_MESSAGE_LENGTH))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cc_jpeg_encode_rgba(
                pixels.baseAddress, UInt32(image.width), UInt32(image.height), Int32(quality), &out, &size, &message)
        }
        defer { cc_free(out) }
        guard status == CC_OK, let out else {
            throw EncodeError.libraryFailed(
                "JPEG encoding failed: "
                    + "\(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
            )
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
