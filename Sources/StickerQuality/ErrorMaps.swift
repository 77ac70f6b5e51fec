import CQualityKernels

/// The three error maps of one channel at one scale, each reduced to its 1-norm (mean) and 4-norm.
struct ChannelErrors: Equatable {
    /// 1 - SSIM without the luminance denominator (ssimulacra2's correction), clamped at 0.
    var ssim: (mean: Double, norm4: Double)
    /// The distorted image has an edge where the original is smooth: ringing, banding, blocking.
    var artifact: (mean: Double, norm4: Double)
    /// The original has an edge where the distorted image is smooth: blurring, smearing.
    var detailLost: (mean: Double, norm4: Double)

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.ssim == rhs.ssim && lhs.artifact == rhs.artifact && lhs.detailLost == rhs.detailLost
    }
}

enum ErrorMaps {
    typealias Vector = SIMD8<Float>
    static let c2: Float = 0.0009

    @inline(__always)
    static func positive(_ v: Vector) -> Vector { v.replacing(with: 0, where: v .< 0) }

    @inline(__always)
    static func magnitude(_ v: Vector) -> Vector {
        v.replacing(with: -v, where: v .< 0)
    }

    /// Reduces the maps of one channel from the images, their blurred means and blurred products.
    static func reduce(
        image1: UnsafePointer<Float>, image2: UnsafePointer<Float>, mu1: UnsafePointer<Float>,
        mu2: UnsafePointer<Float>, sigma11: UnsafePointer<Float>, sigma22: UnsafePointer<Float>,
        sigma12: UnsafePointer<Float>, layout: PlaneLayout, kernels: Bool
    ) -> ChannelErrors {
        if kernels {
            var sums = [Double](repeating: 0, count: 6)
            qk_error_sums(
                image1, image2, mu1, mu2, sigma11, sigma22, sigma12, layout.width, layout.height, layout.stride, &sums)
            return errors(sums, layout)
        }
        let lanes = Vector.scalarCount
        var totals = SIMD8<Double>()
        let laneIndex = Vector(0, 1, 2, 3, 4, 5, 6, 7)
        for y in 0..<layout.height {
            // Sums of one row stay in Float (at most a few hundred terms near 1); rows add up in Double.
            var ssim = Vector()
            var ssim4 = Vector()
            var artifact = Vector()
            var artifact4 = Vector()
            var lost = Vector()
            var lost4 = Vector()
            let row = y * layout.stride
            for x in Swift.stride(from: 0, to: layout.width, by: lanes) {
                @inline(__always) func load(_ p: UnsafePointer<Float>) -> Vector {
                    UnsafeRawPointer(p + row + x).loadUnaligned(as: Vector.self)
                }
                // Lanes past the width are padding: their terms are replaced by zero below.
                let outside = laneIndex .>= Vector(repeating: Float(layout.width - x))
                let m1 = load(mu1)
                let m2 = load(mu2)
                let meanTerm = 1 - (m1 - m2) * (m1 - m2)
                let numerator = 2 * (load(sigma12) - m1 * m2) + c2
                let denominator = (load(sigma11) - m1 * m1) + (load(sigma22) - m2 * m2) + c2
                var d = positive(1 - meanTerm * numerator / denominator)
                d.replace(with: 0, where: outside)
                ssim += d
                ssim4 += (d * d) * (d * d)

                let edge1 = 1 + magnitude(load(image1) - m1)
                let edge2 = 1 + magnitude(load(image2) - m2)
                var ratio = edge2 / edge1 - 1
                ratio.replace(with: 0, where: outside)
                let more = positive(ratio)
                let less = positive(-ratio)
                artifact += more
                artifact4 += (more * more) * (more * more)
                lost += less
                lost4 += (less * less) * (less * less)
            }
            totals += SIMD8<Double>(
                Double(ssim.sum()), Double(ssim4.sum()), Double(artifact.sum()), Double(artifact4.sum()),
                Double(lost.sum()), Double(lost4.sum()), 0, 0)
        }
        return errors((0..<6).map { totals[$0] }, layout)
    }

    /// Norms from the sums over the pixels: the mean, and the fourth root of the mean fourth power.
    private static func errors(_ sums: [Double], _ layout: PlaneLayout) -> ChannelErrors {
        let scale = 1 / Double(layout.width * layout.height)
        func root4(_ v: Double) -> Double { (v * scale).squareRoot().squareRoot() }
        return ChannelErrors(
            ssim: (sums[0] * scale, root4(sums[1])),
            artifact: (sums[2] * scale, root4(sums[3])),
            detailLost: (sums[4] * scale, root4(sums[5])))
    }
}
