/// A separable resampler on RGBA8: a horizontal then a vertical pass over premultiplied Float pixels,
/// SIMD across the four channels (horizontal) and across a row (vertical).
///
/// Premultiplied alpha keeps transparent pixels from bleeding colour into edges; values are sRGB-encoded
/// by default, or linear light with `linear`. Results are rounded to nearest and clamped.
public struct ResamplePlan: Sendable {
    public let sourceWidth: Int, sourceHeight: Int
    public let width: Int, height: Int
    public let filter: ResampleFilter
    public let linear: Bool
    let horizontal: WeightTable
    let vertical: WeightTable

    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, filter: ResampleFilter = .lanczos3, linear: Bool = false) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && width > 0 && height > 0, "sizes must be positive")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        self.filter = filter
        self.linear = linear
        horizontal = WeightTable(source: sourceWidth, destination: width, filter: filter)
        vertical = WeightTable(source: sourceHeight, destination: height, filter: filter)
    }

    /// Resizes one image of the plan's source size. Same size in and out returns the input unchanged.
    public func resize(_ pixels: [UInt8]) -> [UInt8] {
        precondition(pixels.count == sourceWidth * sourceHeight * 4, "image does not match the plan's source size")
        if width == sourceWidth && height == sourceHeight { return pixels }
        let intermediate = horizontalPass(pixels)
        return verticalPass(intermediate)
    }

    /// Rows of premultiplied Float RGBA, each `width` pixels wide.
    func horizontalPass(_ pixels: [UInt8]) -> [Float] {
        var out = [Float](repeating: 0, count: width * sourceHeight * 4)
        var row = [SIMD4<Float>](repeating: .zero, count: sourceWidth)
        let toFloat = linear ? ColourTables.srgbToLinear : ColourTables.identity
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBytes { outRaw in
                let dst = outRaw.bindMemory(to: SIMD4<Float>.self)
                horizontal.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<sourceHeight {
                        ColourTables.premultiply(src.baseAddress! + y * sourceWidth * 4, count: sourceWidth, into: &row, table: toFloat)
                        row.withUnsafeBufferPointer { r in
                            let base = y * width
                            for x in 0..<width {
                                let start = horizontal.starts[x], count = horizontal.counts[x]
                                let w = weights.baseAddress! + x * horizontal.stride
                                var acc = SIMD4<Float>.zero
                                for k in 0..<count { acc += r[start + k] * w[k] }
                                dst[base + x] = acc
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    func verticalPass(_ rows: [Float]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var acc = [SIMD4<Float>](repeating: .zero, count: width)
        let fromLinear = linear
        rows.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: SIMD4<Float>.self)
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let start = vertical.starts[y], count = vertical.counts[y]
                    acc.withUnsafeMutableBufferPointer { a in
                        let w0 = vertical.weights[y * vertical.stride]
                        let first = src.baseAddress! + start * width
                        for x in 0..<width { a[x] = first[x] * w0 }
                        for k in 1..<max(count, 1) where k < count {
                            let w = vertical.weights[y * vertical.stride + k]
                            let line = src.baseAddress! + (start + k) * width
                            for x in 0..<width { a[x] += line[x] * w }
                        }
                        ColourTables.unpremultiply(UnsafeBufferPointer(a), into: dst.baseAddress! + y * width * 4, linear: fromLinear)
                    }
                }
            }
        }
        return out
    }
}
