import Foundation
import StickerSupport

/// The entry point: bytes or a file to a `DecodedImage`, the format found by content.
public enum ImageDecoder {
    /// `buffers`: a worker's reused pixel buffers (give the image back with `reclaim` when done); nil for new ones.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default, buffers: PixelBuffers? = nil)
        throws(DecodeError) -> DecodedImage
    {
        guard bytes.count <= limits.maxFileBytes else {
            throw .limitExceeded("the file is \(bytes.count) bytes, more than the limit of \(limits.maxFileBytes)")
        }
        switch try FormatSniffer.sniff(bytes) {
        case .png, .apng: return try PNGDecoder.decode(bytes, limits: limits, buffers: buffers ?? PixelBuffers())
        case .gif: return try GIFDecoder.decode(bytes, limits: limits, buffers: buffers ?? PixelBuffers())
        case .jpeg: return try JPEGDecoder.decode(bytes, limits: limits)
        }
    }

    public static func decodeFile(at path: String, limits: DecodeLimits = .default) throws(DecodeError) -> DecodedImage
    {
        try decode(try readFile(at: path, limits: limits), limits: limits)
    }

    /// A file's bytes through the one capped reader, its refusals as decode errors (a file over the byte limit
    /// exceeds a decode limit).
    public static func readFile(at path: String, limits: DecodeLimits = .default) throws(DecodeError) -> [UInt8] {
        do {
            return try FileBytes.read(path, limit: limits.maxFileBytes)
        } catch {
            switch error {
            case .unreadable(let reason), .unlistable(let reason): throw .unreadable(reason)
            case .tooLarge(let reason): throw .limitExceeded(reason)
            }
        }
    }
}
