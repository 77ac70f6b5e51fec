import StickerImage

/// SSIMULACRA2 (Jon Sneyers, Cloudinary; libjxl `tools/ssimulacra2.cc`), computed by this project: the
/// perceptual distance of a distorted image from its original, 100 for identical images, about 90 for
/// visually lossless, 70 high, 50 medium, 30 low quality, below 0 for extreme distortion.
///
/// The steps: sRGB to linear, six scales (a 2x2 box halving in linear light each time, images below
/// 8 px a side stop it), positive XYB at each scale, a recursive Gaussian blur (sigma 1.5) of each image,
/// its square and the two images' product, then per channel the SSIM map and two edge maps reduced to
/// their 1- and 4-norms, 108 weights and a final non-linear mapping.
///
/// A workspace: it holds every plane the metric needs at the largest size it was made for and reuses
/// them, so scoring allocates nothing per pixel. Not for concurrent use: one per thread.
public final class SSIMULACRA2 {
    public let maximumWidth: Int
    public let maximumHeight: Int
    private let full: PlaneLayout
    /// Linear RGB of the original (1) and distorted (2) image; halved in place from scale to scale.
    let linear1: [FloatPlane]
    let linear2: [FloatPlane]
    let xyb1: [FloatPlane]
    let xyb2: [FloatPlane]
    let mu1: FloatPlane, mu2: FloatPlane
    let sigma11: FloatPlane, sigma22: FloatPlane, sigma12: FloatPlane
    let blur: RecursiveGaussianBlur

    /// False runs the portable Swift loops even where the AVX2/FMA kernels run (the tests compare the two).
    var useKernels = QualityKernels.available {
        didSet { blur.useKernels = useKernels }
    }

    package static let scaleCount = 6
    /// The reference adds no scale after one with a side below this.
    public static let minimumSide = 8

    public init(maximumWidth: Int, maximumHeight: Int) {
        precondition(maximumWidth > 0 && maximumHeight > 0, "sizes must be positive")
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        full = PlaneLayout(width: maximumWidth, height: maximumHeight)
        let count = full.count
        func planes(_ n: Int) -> [FloatPlane] { (0..<n).map { _ in FloatPlane(capacity: count) } }
        linear1 = planes(3)
        linear2 = planes(3)
        xyb1 = planes(3)
        xyb2 = planes(3)
        mu1 = FloatPlane(capacity: count)
        mu2 = FloatPlane(capacity: count)
        sigma11 = FloatPlane(capacity: count)
        sigma22 = FloatPlane(capacity: count)
        sigma12 = FloatPlane(capacity: count)
        blur = RecursiveGaussianBlur(maximum: full)
    }

    /// The score of `distorted` against `original`, both composited over `background` (opaque images
    /// ignore it). Both must have the same size, at most the workspace's.
    public func score(original: RGBAImage, distorted: RGBAImage, background: RGBColor) -> Double {
        precondition(
            original.width == distorted.width && original.height == distorted.height, "images differ in size")
        precondition(
            original.width <= maximumWidth && original.height <= maximumHeight, "image larger than the workspace")
        let layout = PlaneLayout(width: original.width, height: original.height)
        SRGBComposite.fill(original, over: background, into: linear1, layout: layout)
        SRGBComposite.fill(distorted, over: background, into: linear2, layout: layout)
        return SSIMULACRA2Weights.score(errorsPerScale(layout))
    }

    /// The layout of every scale the reference computes for an image of `start`'s size. As the reference,
    /// the size is checked before halving, so the last scale may be under 8 px.
    static func scaleLayouts(_ start: PlaneLayout) -> [PlaneLayout] {
        var layouts: [PlaneLayout] = []
        var layout = start
        for scale in 0..<scaleCount {
            if layout.width < minimumSide || layout.height < minimumSide { break }
            if scale > 0 { layout = layout.halved }
            layouts.append(layout)
        }
        return layouts
    }

    /// The error norms of every scale, from the linear planes already loaded.
    func errorsPerScale(_ start: PlaneLayout) -> [[ChannelErrors]] {
        var previous = start
        return Self.scaleLayouts(start).enumerated().map { scale, layout in
            if scale > 0 {
                for plane in linear1 + linear2 { BoxDownsample.halve(plane, from: previous) }
            }
            previous = layout
            PositiveXYB.convert(linear1, into: xyb1, layout: layout, kernels: useKernels)
            PositiveXYB.convert(linear2, into: xyb2, layout: layout, kernels: useKernels)
            return (0..<3).map { channel in
                let image1 = UnsafePointer(xyb1[channel].base)
                blur.blur(image1, into: mu1.base, layout: layout)
                blur.blur(image1, times: image1, into: sigma11.base, layout: layout)
                return channelErrors(image1, mu1.base, sigma11.base, xyb2[channel].base, layout)
            }
        }
    }

    /// The errors of one channel, given the original's side (its XYB plane, blurred mean and blurred square)
    /// and the distorted XYB plane.
    func channelErrors(
        _ image1: UnsafePointer<Float>, _ mu1: UnsafePointer<Float>, _ sigma11: UnsafePointer<Float>,
        _ image2: UnsafePointer<Float>, _ layout: PlaneLayout
    ) -> ChannelErrors {
        blur.blur(image2, into: mu2.base, layout: layout)
        blur.blur(image2, times: image2, into: sigma22.base, layout: layout)
        blur.blur(image1, times: image2, into: sigma12.base, layout: layout)
        return ErrorMaps.reduce(
            image1: image1, image2: image2, mu1: mu1, mu2: mu2.base, sigma11: sigma11,
            sigma22: sigma22.base, sigma12: sigma12.base, layout: layout, kernels: useKernels)
    }
}
