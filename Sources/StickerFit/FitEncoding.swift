import StickerImage
import StickerLossless

/// Every encoder call `fit` makes, in one place, over StickerImage's `LosslessOptimizer` (chunk pruning, the
/// smallest colour type, brute row filters, frame cropping with dispose/blend chosen per frame, GIF LZW, JPEG
/// Huffman tables); nothing else in StickerFit encodes.
enum FitEncoding {
    /// The smallest encoding of `bytes` that decodes to the same pixels (colour under alpha 0 aside), in the
    /// same format; the input itself when nothing smaller is found.
    /// `decoded` is `bytes`' image, already decoded by the caller.
    static func optimize(_ bytes: [UInt8], decoded: DecodedImage, limits: DecodeLimits) throws -> LosslessEncoding {
        try LosslessOptimizer.optimize(bytes, decoded: decoded, limits: limits)
    }

    /// The smallest file of `format` that shows `image`'s pixels. For a palette candidate the pixels already
    /// hold at most 256 colours, so PNG is written indexed and GIF keeps them exactly (a lossy GIF's shown pixels
    /// too: they are its palette's colours). `threads`: how many APNG frames are compressed at once. `memo`: the
    /// run's zlib streams (every encoding here passes the file's `FitCache.deflate`).
    static func encode(_ image: DecodedImage, as format: ImageFormat, threads: Int = 1, memo: ZlibMemo?)
        throws(EncodeError) -> [UInt8]
    {
        try LosslessOptimizer.encode(
            timed(image, as: format), as: format == .apng ? .png : format, effort: fullEffort, threads: threads,
            memo: memo)
    }

    /// The full effort: `max`'s every filter strategy and plan, at libdeflate's level 11. On the bench sets level 12
    /// made the same choices with files 0.3 % smaller on average, for about a twentieth of fit's CPU more: a lossy
    /// file's bytes only have to fit, and the lossless step, whose bytes are all it gives, keeps level 12.
    static let fullEffort = PNGCompression(level: 11, thorough: true)!

    /// The search's quicker encoding of the same pixels (libdeflate's fast level and fewer row filterings; one
    /// LZW table policy): a size at least as large as `encode`'s in practice, so a setting that fits here fits
    /// there. The chosen one is encoded again with `encode`, and the smaller kept. `lossy` is GIF's lossy LZW
    /// budget, 0 exact. `threads`: how many APNG frames are compressed at once.
    static func estimate(
        _ image: DecodedImage, as format: ImageFormat, lossy: Int = 0, threads: Int = 1, memo: ZlibMemo?
    ) throws(EncodeError) -> [UInt8] {
        try quickEncoding(timed(image, as: format), as: format, lossy: lossy, threads: threads, memo: memo)
    }

    private static func quickEncoding(
        _ image: DecodedImage, as format: ImageFormat, lossy: Int, threads: Int = 1, memo: ZlibMemo?
    ) throws(EncodeError) -> [UInt8] {
        try LosslessOptimizer.encode(
            image, as: format == .apng ? .png : format, effort: .fast, gifLossy: lossy, threads: threads, memo: memo)
    }

    /// `image` with the timeline `format` can show: a GIF's frames under its shortest delay merged into the frame
    /// before (an APNG shows any delay).
    static func timed(_ image: DecodedImage, as format: ImageFormat) -> DecodedImage {
        format == .gif ? image.mergingShortFrames() : image
    }

    /// `estimate`'s size of `sample`, some of an animation's frames (each encoded as it is: they are not
    /// neighbours), scaled to `frames` of them.
    static func scaledEstimate(
        _ sample: DecodedImage, as format: ImageFormat, frames: Int, lossy: Int = 0, memo: ZlibMemo?
    ) throws(EncodeError) -> Int {
        try quickEncoding(sample, as: format, lossy: lossy, memo: memo).count * frames / max(1, sample.frames.count)
    }

    /// Whether `estimate` is quicker than `encode` for the format: JPEG has one effort, so the search's file
    /// is already the smallest.
    static func hasQuickerEffort(_ format: ImageFormat) -> Bool { format != .jpeg }

    /// The pixels an exact GIF of `image` shows: its alpha cut at the encoder's threshold.
    static func shownAsGIF(_ image: RGBAImage) -> RGBAImage {
        GIFEncoder.thresholded(image, at: GIFEncoder.alphaThreshold)
    }

    /// The pixels a file of `format` shows of `image`, whose colours it keeps: a GIF's alpha cut, others as they are.
    static func shown(_ image: RGBAImage, as format: ImageFormat) -> RGBAImage {
        format == .gif ? shownAsGIF(image) : image
    }

    /// A JPEG at `quality` (1-100).
    static func encodeJPEG(_ image: DecodedImage, quality: Int) throws(EncodeError) -> [UInt8] {
        try ImageEncoder.encode(image, as: .jpeg, jpegQuality: quality)
    }
}
