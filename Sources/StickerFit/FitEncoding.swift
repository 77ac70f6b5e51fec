import StickerImage

/// A file re-encoded without changing what it shows, and the steps that made it.
public struct LosslessEncoding: Sendable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var steps: [String]

    public init(bytes: [UInt8], format: ImageFormat, steps: [String]) {
        self.bytes = bytes
        self.format = format
        self.steps = steps
    }
}

/// Every encoder call `fit` makes, in one place. A stand-in built on `ImageEncoder` until StickerImage's
/// `LosslessOptimizer` (chunk pruning, frame cropping, GIF LZW, JPEG Huffman tables) replaces `optimize` and
/// `encode`; nothing else in StickerFit encodes.
enum FitEncoding {
    /// The smallest encoding of `bytes` that decodes to the same pixels (colour under alpha 0 aside), in the
    /// same format; the input itself when nothing smaller is found.
    static func optimize(_ bytes: [UInt8], limits: DecodeLimits) throws -> LosslessEncoding {
        let image = try ImageDecoder.decode(bytes, limits: limits)
        let kept = LosslessEncoding(bytes: bytes, format: image.format, steps: [])
        // JPEG has no lossless re-encoding here: decoding and encoding again would lose detail.
        guard image.format != .jpeg else { return kept }
        let cleared = image.clearingHiddenColour()
        let encoded = try encode(cleared, as: image.format)
        guard encoded.count < bytes.count else { return kept }
        // Only an encoding that shows exactly what the input showed counts as lossless.
        guard let check = try? ImageDecoder.decode(encoded, limits: limits),
            check.frames.map(\.image) == cleared.frames.map(\.image), check.delaysMs == cleared.delaysMs
        else { return kept }
        var steps = ["colour under alpha 0 zeroed", "re-encoded"]
        if image.format != .gif { steps[1] = "smallest colour type, row filters and libdeflate level 12" }
        return LosslessEncoding(bytes: encoded, format: image.format, steps: steps)
    }

    /// The smallest file of `format` that shows `image`'s pixels. For a palette candidate the pixels already
    /// hold at most 256 colours, so PNG is written indexed and GIF keeps them exactly.
    static func encode(_ image: DecodedImage, as format: ImageFormat) throws -> [UInt8] {
        try ImageEncoder.encode(image, as: format == .apng ? .png : format, compression: .max)
    }

    /// The search's quicker encoding of the same pixels (libdeflate's fast level): a size at least as large as
    /// `encode`'s in practice, so a setting that fits here fits there. The chosen one is encoded again with
    /// `encode`, and the smaller kept.
    static func estimate(_ image: DecodedImage, as format: ImageFormat) throws -> [UInt8] {
        try ImageEncoder.encode(image, as: format == .apng ? .png : format, compression: .fast)
    }

    /// A JPEG at `quality` (1-100).
    static func encodeJPEG(_ image: DecodedImage, quality: Int) throws -> [UInt8] {
        try ImageEncoder.encode(image, as: .jpeg, jpegQuality: quality)
    }
}
