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

    /// Throws when a canvas of this size may not be allocated. The sizes come from files and the command line,
    /// so every product is overflow-checked.
    public func checkCanvas(width: Int, height: Int) throws(DecodeError) {
        if width > maxWidth || height > maxHeight {
            throw .limitExceeded("\(width)x\(height) px is larger than the limit of \(maxWidth)x\(maxHeight) px")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            let count = overflow ? "more than \(Int.max)" : "\(pixels)"
            throw .limitExceeded("\(width)x\(height) px is \(count) pixels, more than the limit of \(maxPixels)")
        }
        // Raised limits must not let through a canvas whose bytes cannot even be counted.
        if Self.rgbaBytes(width: width, height: height) == nil {
            throw .limitExceeded("\(width)x\(height) px needs more memory than can be addressed")
        }
    }

    /// Throws when one more frame of this canvas would pass the frame or byte budget.
    public func checkFrames(count: Int, width: Int, height: Int) throws(DecodeError) {
        if count > maxFrames {
            throw .limitExceeded("more than \(maxFrames) frames")
        }
        guard let bytes = Self.rgbaBytes(width: width, height: height, frames: count), bytes <= maxTotalBytes else {
            let need = Self.rgbaBytes(width: width, height: height, frames: count).map { "\($0 >> 20) MiB" }
            throw .limitExceeded(
                "\(count) frames of \(width)x\(height) px need \(need ?? "more memory than can be addressed"), "
                    + "more than the limit of \(maxTotalBytes >> 20) MiB")
        }
    }

    /// Throws when an image a command makes (a resized image, a variant, an icon, a contact sheet) would pass the
    /// limits a decoded one must keep: checked before any of it is allocated.
    public func checkOutput(width: Int, height: Int, frames: Int = 1) throws(OutputSizeError) {
        do throws(DecodeError) {
            guard width > 0, height > 0 else { throw .limitExceeded("an image needs at least 1x1 px") }
            try checkCanvas(width: width, height: height)
            try checkFrames(count: frames, width: width, height: height)
        } catch {
            if case .limitExceeded(let reason) = error {
                throw OutputSizeError(width: width, height: height, reason: reason)
            }
            throw OutputSizeError(width: width, height: height, reason: error.description)
        }
    }

    /// width x height x frames x 4 bytes of RGBA, or nil when that overflows.
    public static func rgbaBytes(width: Int, height: Int, frames: Int = 1) -> Int? {
        var total = 4
        for factor in [width, height, frames] {
            let (product, overflow) = total.multipliedReportingOverflow(by: factor)
            if overflow { return nil }
            total = product
        }
        return total
    }

    package var cLimits: (width: UInt32, height: UInt32, pixels: UInt64) {
        (UInt32(clamping: maxWidth), UInt32(clamping: maxHeight), UInt64(maxPixels))
    }
}

/// An image a command would make is larger than the limits allow (the same limits as decoding).
public struct OutputSizeError: Error, Equatable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let reason: String

    public var description: String { "the output would be \(width)x\(height) px: \(reason)" }
    public var hint: String {
        "choose a smaller size, or raise the limits (--max-side, --max-pixels, --max-memory) if you mean it"
    }
}
