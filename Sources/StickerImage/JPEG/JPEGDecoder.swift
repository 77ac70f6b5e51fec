import CCodecs

/// JPEG through libjpeg-turbo: baseline, progressive, arithmetic, grayscale, CMYK and YCCK to RGBA8.
/// A truncated or corrupt stream is an error, never grey filler shown as a sticker.
enum JPEGDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> DecodedImage {
        var info = cc_jpeg_info()
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        let c = limits.cLimits
        let status = bytes.withUnsafeBufferPointer { buffer in
            cc_jpeg_decode_rgba(
                buffer.baseAddress, buffer.count,
                cc_limits(max_width: c.width, max_height: c.height, max_pixels: c.pixels), &pixels, &info)
        }
        defer {
            cc_free(pixels)
            cc_free(info.exif)
        }
        let message = CMessage.string(from: &info.message)
        if info.truncated != 0 { throw .malformed("truncated JPEG: \(message)") }
        if info.damaged != 0 { throw .malformed("corrupt JPEG data: \(message)") }
        try CDecodeResult.check(status, message: message) { "JPEG data error: \($0)" }
        let image = try CDecodeResult.image(pixels, width: info.width, height: info.height)
        var encoding = SourceEncoding(
            bitDepth: Int(info.data_precision), colorType: colorModel(info),
            hasAlphaChannel: false, interlaced: false)
        encoding.progressive = info.progressive != 0
        encoding.arithmetic = info.arithmetic != 0
        if let exif = info.exif, info.exif_size > 0 {
            encoding.exifOrientation = EXIFReader.orientation(
                Array(UnsafeBufferPointer(start: exif, count: info.exif_size)))
        }
        var warnings = CMessage.lines(from: &info.warning_text).map { "libjpeg: \($0)" }
        if info.scans_missing != 0 {
            warnings.append("progressive JPEG ends before its last scan: it shows less detail than it was saved with")
        }
        return DecodedImage(
            format: .jpeg, width: image.width, height: image.height,
            frames: [AnimationFrame(image: image, delayMs: 0)], loopCount: nil,
            encoding: encoding, warnings: warnings)
    }

    /// The J_COLOR_SPACE of the file by name.
    private static func colorModel(_ info: cc_jpeg_info) -> ColorModel {
        switch info.jpeg_color_space {
        case 1: return .gray
        case 2: return .rgb
        case 3: return .ycbcr
        case 4: return .cmyk
        case 5: return .ycck
        default: return .unknown
        }
    }
}

/// Reads the orientation tag (0x0112) from an EXIF (TIFF) block.
package enum EXIFReader {
    package static func orientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return Int(little ? tiff.uint16LE(at: at) : tiff.uint16BE(at: at))
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112, let value = u16(at + 8), (1...8).contains(value) { return value }
        }
        return nil
    }
}
