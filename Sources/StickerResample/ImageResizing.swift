import StickerImage

extension ResamplePlan {
    public func resize(_ image: RGBAImage) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: resize(image.pixels))
    }

    /// The height that keeps the image's aspect at `width`, at least 1; clamped (not trapping) when a file's
    /// extreme aspect makes it larger than any limit, so the limits check can say so.
    public static func heightKeepingAspect(of image: DecodedImage, width: Int) -> Int {
        let exact = (Double(image.height) * Double(width) / Double(max(1, image.width))).rounded()
        return exact < 0x1p62 ? max(1, Int(exact)) : 1 << 62
    }

    /// The size of a variant at `scale` of the @3x art: 618 -> 412 (@2x) and 206 (@1x), aspect kept,
    /// rounded to the nearest pixel, never below 1.
    public static func variantSize(width: Int, height: Int, scale: Int, of base: Int = 3) -> (width: Int, height: Int) {
        func side(_ value: Int) -> Int { max(1, Int((Double(value) * Double(scale) / Double(base)).rounded())) }
        return (side(width), side(height))
    }
}

extension DecodedImage {
    /// Every frame resampled with one plan, delays and loop count kept.
    public func resized(width: Int, height: Int, filter: ResampleFilter = .lanczos3, linear: Bool = false)
        -> DecodedImage
    {
        let plan = ResamplePlan(
            sourceWidth: self.width, sourceHeight: self.height, width: width, height: height, filter: filter,
            linear: linear)
        var copy = self
        copy.width = width
        copy.height = height
        copy.frames = frames.map { AnimationFrame(image: plan.resize($0.image), delayMs: $0.delayMs) }
        return copy
    }
}
