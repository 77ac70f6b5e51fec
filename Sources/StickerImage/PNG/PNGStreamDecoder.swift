import CCodecs

/// What libpng reports of one PNG stream besides its pixels.
struct PNGStreamInfo {
    var bitDepth: Int
    var colorType: Int
    var interlaced: Bool
    var hasTransparencyChunk: Bool
    var warnings: [String]

    /// The colour type by name, and whether it can carry transparency.
    var encoding: SourceEncoding {
        let names: [Int: ColorModel] = [0: .gray, 2: .rgb, 3: .palette, 4: .grayAlpha, 6: .rgba]
        let alpha = colorType == 4 || colorType == 6 || hasTransparencyChunk
        return SourceEncoding(
            bitDepth: bitDepth, colorType: names[colorType] ?? .unknown,
            hasAlphaChannel: alpha, interlaced: interlaced)
    }
}

/// One complete PNG stream (signature to IEND) through libpng to RGBA8. Its chunks' CRCs must be checked (or
/// written) already: libpng does not check them again.
enum PNGStreamDecoder {
    /// `buffers`: where the pixel buffer comes from (a worker's reused ones); nil for a new one.
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, buffers: PixelBuffers? = nil) throws(DecodeError)
        -> (RGBAImage, PNGStreamInfo)
    {
        var info = cc_png_info()
        let c = limits.cLimits
        // A reused buffer when the worker has one of the IHDR's size; else the C side allocates, so that an
        // allocation too large for the memory there is an error, not a trap.
        var reused = headerSize(bytes, limits: limits).flatMap { buffers?.reused(count: $0.width * $0.height * 4) }
        var allocated: UnsafeMutablePointer<UInt8>? = nil
        defer { cc_free(allocated) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            let limits = cc_limits(max_width: c.width, max_height: c.height, max_pixels: c.pixels)
            guard reused != nil else {
                return cc_png_decode_rgba(buffer.baseAddress, buffer.count, limits, &allocated, 0, &info)
            }
            return reused!.withUnsafeMutableBufferPointer { out in
                var pointer = out.baseAddress
                return cc_png_decode_rgba(buffer.baseAddress, buffer.count, limits, &pointer, out.count, &info)
            }
        }
        let message = CMessage.string(from: &info.message)
        try CDecodeResult.check(status, message: message) { "PNG data error: \(pngMessage($0))" }
        let image: RGBAImage
        if let reused {
            image = RGBAImage(width: Int(info.width), height: Int(info.height), pixels: reused)
        } else {
            image = try CDecodeResult.image(allocated, width: info.width, height: info.height)
        }
        let streamInfo = PNGStreamInfo(
            bitDepth: Int(info.bit_depth), colorType: Int(info.color_type),
            interlaced: info.interlaced != 0, hasTransparencyChunk: info.has_trns != 0,
            warnings: CMessage.lines(from: &info.warning_text).map { "libpng: \($0)" })
        return (image, streamInfo)
    }

    /// The IHDR's size when the stream starts with one the limits allow.
    static func headerSize(_ bytes: [UInt8], limits: DecodeLimits) -> (width: Int, height: Int)? {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let width = Int(bytes.uint32BE(at: 16))
        let height = Int(bytes.uint32BE(at: 20))
        guard width > 0, height > 0 else { return nil }
        do {
            try limits.checkCanvas(width: width, height: height)
        } catch {
            // No size to plan with: the decode itself meets the same limit and reports it.
            return nil
        }
        return (width, height)
    }

    /// libpng's terse messages, said so that a person knows what broke.
    static func pngMessage(_ message: String) -> String {
        if message.contains("Not enough image data") || message.contains("unexpected end") {
            return "\(message) (the image data is truncated)"
        }
        if message.contains("incorrect data check") || message.contains("invalid") && message.contains("distance") {
            return "\(message) (the compressed image data is damaged)"
        }
        return message
    }
}

/// C character arrays (fixed-size tuples in Swift) to String.
enum CMessage {
    static func string<T>(from tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A C buffer of lines, one message a line.
    static func lines<T>(from tuple: inout T) -> [String] {
        string(from: &tuple).split(separator: "\n").map(String.init)
    }
}
