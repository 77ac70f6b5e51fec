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
        let names = [0: "gray", 2: "rgb", 3: "palette", 4: "gray+alpha", 6: "rgba"]
        let alpha = colorType == 4 || colorType == 6 || hasTransparencyChunk
        return SourceEncoding(
            bitDepth: bitDepth, colorType: names[colorType] ?? "unknown",
            hasAlphaChannel: alpha, interlaced: interlaced)
    }
}

/// One complete PNG stream (signature to IEND) through libpng to RGBA8.
enum PNGStreamDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> (RGBAImage, PNGStreamInfo) {
        var info = cc_png_info()
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        let c = limits.cLimits
        let status = bytes.withUnsafeBufferPointer { buffer in
            cc_png_decode_rgba(
                buffer.baseAddress, buffer.count,
                cc_limits(max_width: c.width, max_height: c.height, max_pixels: c.pixels), &pixels, &info)
        }
        defer { cc_free(pixels) }
        let message = CMessage.string(from: &info.message)
        try CDecodeResult.check(status, message: message) { "PNG data error: \(pngMessage($0))" }
        let image = try CDecodeResult.image(pixels, width: info.width, height: info.height)
        let streamInfo = PNGStreamInfo(
            bitDepth: Int(info.bit_depth), colorType: Int(info.color_type),
            interlaced: info.interlaced != 0, hasTransparencyChunk: info.has_trns != 0,
            warnings: CMessage.lines(from: &info.warning_text).map { "libpng: \($0)" })
        return (image, streamInfo)
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
