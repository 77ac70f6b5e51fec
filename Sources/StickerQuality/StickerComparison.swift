import StickerImage

/// What became of a sticker in another file: the sticker score of the candidate against the original, and the
/// changes the score does not see (timing, shape), for `stickerpack compare` and the fit benchmark.
public struct StickerComparison: Sendable {
    public var score: StickerScore
    /// The candidate's total duration over the original's (1 when both are stills or play as long; above 1:
    /// slower; below 1: sped up). Nil when only one side is animated.
    public var durationRatio: Double?
    /// An animation that became a still, or a still that became an animation.
    public var animationChanged: Bool
    /// The candidate's aspect ratio differs from the original's by more than a pixel's rounding.
    public var aspectChanged: Bool
    /// When the shape changed by transparent padding only: the candidate's region that was scored. When the
    /// shape changed otherwise, the whole candidate was stretched to the original's shape and scored.
    public var letterbox: Letterbox?

    /// Scores `candidate` against `original` with the scorer's rules: frames matched on the timeline, each
    /// composited over light and dark at the original's size capped at `options.maximumSide`.
    public init(original: DecodedImage, candidate: DecodedImage, options: StickerScoreOptions = .full)
        throws(StickerScoreError)
    {
        aspectChanged = Self.aspectDiffers(
            width: original.width, height: original.height, otherWidth: candidate.width,
            otherHeight: candidate.height)
        letterbox = Letterbox.padding(
            of: candidate.frames, originalWidth: original.width, originalHeight: original.height)
        var frames = candidate.frames
        if let letterbox {
            for index in frames.indices { frames[index].image = letterbox.crop(frames[index].image) }
        }
        score = try StickerScorer(source: original, options: options, usedOnce: true).score(frames)
        animationChanged = original.isAnimated != candidate.isAnimated
        durationRatio = Self.durationRatio(original: original, candidate: candidate)
    }

    /// Sped up by more than GIF's centisecond rounding allows (a 1 % drift over the whole duration).
    public var spedUp: Bool { durationRatio.map { $0 < 0.99 } ?? false }

    static func durationRatio(original: DecodedImage, candidate: DecodedImage) -> Double? {
        if !original.isAnimated && !candidate.isAnimated { return 1 }
        guard original.isAnimated, candidate.isAnimated, original.durationMs > 0 else { return nil }
        return candidate.durationMs / original.durationMs
    }

    /// True when scaling one size to the other's width leaves the height more than a pixel's rounding off.
    static func aspectDiffers(width: Int, height: Int, otherWidth: Int, otherHeight: Int) -> Bool {
        guard width > 0, height > 0, otherWidth > 0, otherHeight > 0 else { return false }
        // Measure on the larger of the two, where a rounding to whole pixels is the smaller fraction.
        let (bigWidth, bigHeight, smallWidth, smallHeight) =
            width >= otherWidth
            ? (width, height, otherWidth, otherHeight) : (otherWidth, otherHeight, width, height)
        let scale = Double(bigWidth) / Double(smallWidth)
        return abs(Double(smallHeight) * scale - Double(bigHeight)) > scale + 1
    }
}
