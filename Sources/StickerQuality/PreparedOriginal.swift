import StickerImage

/// The original's side of SSIMULACRA2 over one background, kept for scoring many candidates against it:
/// at every scale its XYB planes, their blurred means and blurred squares. That is 2 of the 5 blurs per
/// channel and half the conversions, about a third of a score. Nine planes a scale (about 18 MB at 618 px).
public final class PreparedOriginal {
    let layout: PlaneLayout
    let background: RGBColor
    /// Per scale: the layout, then XYB, blurred XYB and blurred squared XYB, one plane per channel each.
    let scales: [(layout: PlaneLayout, xyb: [FloatPlane], mu: [FloatPlane], sigma: [FloatPlane])]

    fileprivate init(
        layout: PlaneLayout, background: RGBColor,
        scales: [(layout: PlaneLayout, xyb: [FloatPlane], mu: [FloatPlane], sigma: [FloatPlane])]
    ) {
        self.layout = layout
        self.background = background
        self.scales = scales
    }

    /// The bytes it would hold for an image of this size.
    package static func bytes(width: Int, height: Int) -> Int {
        SSIMULACRA2.scaleLayouts(PlaneLayout(width: width, height: height)).reduce(0) { $0 + 9 * $1.count * 4 }
    }
}

extension SSIMULACRA2 {
    /// Computes the original's side once (uses this workspace's planes on the way).
    public func prepare(original: RGBAImage, background: RGBColor) -> PreparedOriginal {
        precondition(
            original.width <= maximumWidth && original.height <= maximumHeight, "image larger than the workspace")
        let start = PlaneLayout(width: original.width, height: original.height)
        SRGBComposite.fill(original, over: background, into: linear1, layout: start)
        var previous = start
        let scales = Self.scaleLayouts(start).enumerated().map { scale, layout in
            if scale > 0 {
                for plane in linear1 { BoxDownsample.halve(plane, from: previous) }
            }
            previous = layout
            func planes() -> [FloatPlane] { (0..<3).map { _ in FloatPlane(capacity: layout.count) } }
            let (xyb, mu, sigma) = (planes(), planes(), planes())
            PositiveXYB.convert(linear1, into: xyb, layout: layout, kernels: useKernels)
            for channel in 0..<3 {
                let image = UnsafePointer(xyb[channel].base)
                blur.blur(image, into: mu[channel].base, layout: layout)
                blur.blur(image, times: image, into: sigma[channel].base, layout: layout)
            }
            return (layout, xyb, mu, sigma)
        }
        return PreparedOriginal(layout: start, background: background, scales: scales)
    }

    /// The score of `distorted` against a prepared original, over the background it was prepared with:
    /// the same number as `score(original:distorted:background:)`.
    public func score(prepared: PreparedOriginal, distorted: RGBAImage) -> Double {
        precondition(
            distorted.width == prepared.layout.width && distorted.height == prepared.layout.height,
            "images differ in size")
        SRGBComposite.fill(distorted, over: prepared.background, into: linear2, layout: prepared.layout)
        var previous = prepared.layout
        let errors = prepared.scales.enumerated().map { scale, original in
            if scale > 0 {
                for plane in linear2 { BoxDownsample.halve(plane, from: previous) }
            }
            previous = original.layout
            PositiveXYB.convert(linear2, into: xyb2, layout: original.layout, kernels: useKernels)
            return (0..<3).map { channel in
                channelErrors(
                    original.xyb[channel].base, original.mu[channel].base, original.sigma[channel].base,
                    xyb2[channel].base, original.layout)
            }
        }
        return SSIMULACRA2Weights.score(errors)
    }
}
