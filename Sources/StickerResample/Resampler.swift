import CResampleKernels
import StickerSupport

/// Whether the AVX2/FMA loops of CResampleKernels run: this CPU has them and STICKERPACK_PORTABLE is not set.
enum Kernels {
    static let avx2 = Platform.x86Path(rk_has_avx2())
}

/// A separable resampler on RGBA8: a horizontal then a vertical pass over premultiplied Float pixels.
///
/// The horizontal pass filters four rows at once (one SIMD16 holds the same pixel of four rows, which share
/// their weights); the vertical pass keeps four output pixels in registers across all its taps. Premultiplied
/// alpha keeps transparent pixels from bleeding colour into edges; values are sRGB-encoded by default, or
/// linear light with `linear`. Results are rounded to nearest and clamped. On AVX2 CPUs the sRGB path is one
/// streaming C pass instead (CResampleKernels), vertical first when the height shrinks.
public struct ResamplePlan: Sendable {
    public let sourceWidth: Int, sourceHeight: Int
    public let width: Int, height: Int
    public let filter: ResampleFilter
    public let linear: Bool
    let horizontal: WeightTable
    let vertical: WeightTable
    /// False runs the portable Swift loops even on an AVX2 CPU (the tests hold both paths to the reference).
    var useKernels = Kernels.avx2

    public init(
        sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, filter: ResampleFilter = .lanczos3,
        linear: Bool = false
    ) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && width > 0 && height > 0, "sizes must be positive")
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        self.filter = filter
        self.linear = linear
        horizontal = WeightTable(source: sourceWidth, destination: width, filter: filter)
        // A square sticker to a square size: both axes share one table.
        vertical =
            sourceHeight == sourceWidth && height == width
            ? horizontal
            : WeightTable(source: sourceHeight, destination: height, filter: filter)
    }

    /// Resizes one image of the plan's source size. Same size in and out returns the input unchanged.
    public func resize(_ pixels: [UInt8]) -> [UInt8] {
        precondition(pixels.count == sourceWidth * sourceHeight * 4, "image does not match the plan's source size")
        if width == sourceWidth && height == sourceHeight { return pixels }
        if useKernels && !linear, let streamed = streamingResize(pixels) { return streamed }
        let intermediate = horizontalPass(pixels)
        return verticalPass(intermediate)
    }

    /// The AVX2 path, in one streaming C pass; nil when it cannot run (then the two passes below do).
    func streamingResize(_ pixels: [UInt8]) -> [UInt8]? {
        var status: Int32 = -1
        // The kernel writes every byte, so the output is not zeroed first.
        let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { dst, initialised in
            initialised = dst.count
            status = pixels.withUnsafeBufferPointer { src in
                horizontal.starts.withUnsafeBufferPointer { hs in
                    horizontal.counts.withUnsafeBufferPointer { hc in
                        horizontal.weights.withUnsafeBufferPointer { hw in
                            vertical.starts.withUnsafeBufferPointer { vs in
                                vertical.counts.withUnsafeBufferPointer { vc in
                                    vertical.weights.withUnsafeBufferPointer { vw in
                                        rk_resize_srgb(
                                            src.baseAddress!, Int32(sourceWidth), Int32(sourceHeight), dst.baseAddress!,
                                            Int32(width), Int32(height),
                                            UnsafeRawPointer(hs.baseAddress!).assumingMemoryBound(to: Int64.self),
                                            UnsafeRawPointer(hc.baseAddress!).assumingMemoryBound(to: Int64.self),
                                            hw.baseAddress!, Int64(horizontal.stride),
                                            UnsafeRawPointer(vs.baseAddress!).assumingMemoryBound(to: Int64.self),
                                            UnsafeRawPointer(vc.baseAddress!).assumingMemoryBound(to: Int64.self),
                                            vw.baseAddress!, Int64(vertical.stride))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return status == 0 ? out : nil
    }

    /// `sourceHeight` rows of `width` premultiplied pixels (SIMD4<Float>).
    package func horizontalPass(_ pixels: [UInt8]) -> [SIMD4<Float>] {
        var out = [SIMD4<Float>](repeating: .zero, count: width * sourceHeight)
        // The same source pixel of four consecutive rows, side by side.
        var quad = [SIMD16<Float>](repeating: .zero, count: sourceWidth)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                quad.withUnsafeMutableBufferPointer { q in
                    horizontal.weights.withUnsafeBufferPointer { weights in
                        horizontal.starts.withUnsafeBufferPointer { starts in
                            horizontal.counts.withUnsafeBufferPointer { counts in
                                var y = 0
                                while y < sourceHeight {
                                    let rows = min(4, sourceHeight - y)
                                    if useKernels && !linear {
                                        rk_premultiply_quad(
                                            src.baseAddress! + y * sourceWidth * 4, Int64(sourceWidth * 4), Int32(rows),
                                            Int32(sourceWidth),
                                            UnsafeMutableRawPointer(q.baseAddress!).assumingMemoryBound(to: Float.self))
                                    } else {
                                        ColourTables.premultiplyRows(
                                            src.baseAddress! + y * sourceWidth * 4, rows: rows,
                                            width: sourceWidth, into: q.baseAddress!, linear: linear)
                                    }
                                    if useKernels {
                                        let base = UnsafeMutableRawPointer(dst.baseAddress!).assumingMemoryBound(
                                            to: Float.self)
                                        func row(_ r: Int) -> UnsafeMutablePointer<Float> {
                                            base + min(y + r, sourceHeight - 1) * width * 4
                                        }
                                        // The tables are used inside their rebinding, never past it.
                                        starts.withMemoryRebound(to: Int64.self) { starts64 in
                                            counts.withMemoryRebound(to: Int64.self) { counts64 in
                                                rk_horizontal_quad(
                                                    UnsafeRawPointer(q.baseAddress!).assumingMemoryBound(
                                                        to: Float.self),
                                                    Int32(width), starts64.baseAddress!, counts64.baseAddress!,
                                                    weights.baseAddress!, Int64(horizontal.stride), Int32(rows),
                                                    row(0), row(1), row(2), row(3))
                                            }
                                        }
                                        y += rows
                                        continue
                                    }
                                    for x in 0..<width {
                                        let start = starts[x]
                                        let count = counts[x]
                                        let w = weights.baseAddress! + x * horizontal.stride
                                        // Two accumulators, so consecutive taps do not wait on each other's additions.
                                        var acc = SIMD16<Float>.zero
                                        var odd = SIMD16<Float>.zero
                                        let taps = q.baseAddress! + start
                                        var k = 0
                                        while k + 1 < count {
                                            acc += taps[k] * w[k]
                                            odd += taps[k + 1] * w[k + 1]
                                            k += 2
                                        }
                                        if k < count { acc += taps[k] * w[k] }
                                        acc += odd
                                        dst[y * width + x] = acc.lowHalf.lowHalf
                                        if rows > 1 { dst[(y + 1) * width + x] = acc.lowHalf.highHalf }
                                        if rows > 2 { dst[(y + 2) * width + x] = acc.highHalf.lowHalf }
                                        if rows > 3 { dst[(y + 3) * width + x] = acc.highHalf.highHalf }
                                    }
                                    y += rows
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    package func verticalPass(_ rows: [SIMD4<Float>]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var sums = [SIMD4<Float>](repeating: .zero, count: width)
        let linear = self.linear
        rows.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                vertical.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<height {
                        let start = vertical.starts[y]
                        let count = vertical.counts[y]
                        let w = weights.baseAddress! + y * vertical.stride
                        let first = src.baseAddress! + start * width
                        let target = dst.baseAddress! + y * width * 4
                        // rk_vertical fails only when out of memory for its tap list: the loops below then run.
                        let done =
                            useKernels
                            && sums.withUnsafeMutableBufferPointer { out -> Bool in
                                guard
                                    rk_vertical(
                                        UnsafeRawPointer(first).assumingMemoryBound(to: Float.self), Int64(width * 4),
                                        w, Int64(count),
                                        UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: Float.self))
                                        == 0
                                else { return false }
                                if linear {
                                    for x in 0..<width { ColourTables.store(out[x], to: target + x * 4, linear: true) }
                                } else {
                                    rk_unpremultiply(
                                        UnsafeRawPointer(out.baseAddress!).assumingMemoryBound(to: Float.self),
                                        Int32(width), target)
                                }
                                return true
                            }
                        if done { continue }
                        var x = 0
                        // Four output pixels at a time, accumulated in registers across every tap.
                        while x + 4 <= width {
                            var a0 = SIMD4<Float>.zero
                            var a1 = a0
                            var a2 = a0
                            var a3 = a0
                            var line = first + x
                            for k in 0..<count {
                                let wk = w[k]
                                a0 += line[0] * wk
                                a1 += line[1] * wk
                                a2 += line[2] * wk
                                a3 += line[3] * wk
                                line += width
                            }
                            ColourTables.store(a0, to: target + x * 4, linear: linear)
                            ColourTables.store(a1, to: target + x * 4 + 4, linear: linear)
                            ColourTables.store(a2, to: target + x * 4 + 8, linear: linear)
                            ColourTables.store(a3, to: target + x * 4 + 12, linear: linear)
                            x += 4
                        }
                        while x < width {
                            var a = SIMD4<Float>.zero
                            for k in 0..<count { a += first[k * width + x] * w[k] }
                            ColourTables.store(a, to: target + x * 4, linear: linear)
                            x += 1
                        }
                    }
                }
            }
        }
        return out
    }
}
