/// Bounds checked from headers before any pixel buffer is allocated, so a hostile file cannot exhaust memory.
/// The defaults are generous for stickers (618 px) and for source art, but far below a decompression bomb.
public struct DecodeLimits: Equatable, Sendable {
    public var maxWidth: Int
    public var maxHeight: Int
    /// Pixels in one frame (or the canvas).
    public var maxPixels: Int
    public var maxFrames: Int
    /// All composited frames together, in bytes of RGBA.
    public var maxTotalBytes: Int
    /// Files larger than this are not read at all.
    public var maxFileBytes: Int

    public init(
        maxWidth: Int = 16_384, maxHeight: Int = 16_384, maxPixels: Int = 50_000_000,
        maxFrames: Int = 5_000, maxTotalBytes: Int = 1 << 30, maxFileBytes: Int = 256 << 20
    ) {
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
        self.maxTotalBytes = maxTotalBytes
        self.maxFileBytes = maxFileBytes
    }

    public static let `default` = DecodeLimits()

    /// Throws when a canvas of this size may not be allocated.
    func checkCanvas(width: Int, height: Int) throws(DecodeError) {
        if width > maxWidth || height > maxHeight {
            throw .limitExceeded("\(width)x\(height) px is larger than the limit of \(maxWidth)x\(maxHeight) px")
        }
        if width * height > maxPixels {
            throw .limitExceeded(
                "\(width)x\(height) px is \(width * height) pixels, more than the limit of \(maxPixels)")
        }
    }

    /// Throws when one more frame of this canvas would pass the frame or byte budget.
    func checkFrames(count: Int, width: Int, height: Int) throws(DecodeError) {
        if count > maxFrames {
            throw .limitExceeded("more than \(maxFrames) frames")
        }
        let bytes = count * width * height * 4
        if bytes > maxTotalBytes {
            throw .limitExceeded(
                "\(count) frames of \(width)x\(height) px need \(bytes / (1 << 20)) MiB, more than the limit of "
                    + "\(maxTotalBytes / (1 << 20)) MiB"
            )
        }
    }

    var cLimits: (width: UInt32, height: UInt32, pixels: UInt64) {
        (UInt32(clamping: maxWidth), UInt32(clamping: maxHeight), UInt64(maxPixels))
    }
}
