import CCodecs
import StickerImage
import StickerSupport

/// JPEG rewritten without touching its pixels (libjpeg-turbo's coefficient transcoding, as jpegtran does):
/// optimised Huffman tables, baseline or progressive, whichever is smaller; only the ICC profile and Exif
/// (with its orientation) kept.
enum JPEGTranscoder {
    struct Transcoded {
        var bytes: [UInt8]
        var progressive: Bool
        var droppedMarkers: Int
    }

    static func transcode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> Transcoded {
        var best: Transcoded? = nil
        for progressive in [false, true] {
            let candidate = try transcode(bytes, limits: limits, progressive: progressive)
            if best == nil || candidate.bytes.count < best!.bytes.count { best = candidate }
        }
        return best!
    }

    private static func transcode(_ bytes: [UInt8], limits: DecodeLimits, progressive: Bool) throws(DecodeError)
        -> Transcoded
    {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var dropped: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(CC_MESSAGE_LENGTH))
        let c = limits.cLimits
        let status = bytes.withUnsafeBufferPointer { buffer in
            cc_jpeg_transcode(
                buffer.baseAddress, buffer.count,
                cc_limits(max_width: c.width, max_height: c.height, max_pixels: c.pixels), progressive ? 1 : 0,
                &out, &size, &dropped, &message)
        }
        defer { cc_free(out) }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try CDecodeResult.check(status, message: text) { "JPEG transcoding failed: \($0)" }
        guard let out else { throw .malformed("JPEG transcoding failed: no output") }
        return Transcoded(
            bytes: Array(UnsafeBufferPointer(start: out, count: size)), progressive: progressive,
            droppedMarkers: Int(dropped))
    }
}
