import CQualityKernels
import StickerSupport

/// Whether the AVX2/FMA loops of CQualityKernels run: this CPU has them and STICKERPACK_PORTABLE is not set.
enum QualityKernels {
    static let available = Platform.x86Path(qk_has_avx2_fma())
    /// Whether the blur's AVX-512 forms run too (the same numbers, bit for bit).
    static let wide = Platform.x86Path(qk_has_avx512())
}

/// Blurs planes with the recursive Gaussian: a vertical pass (columns side by side in a vector, contiguous
/// loads) into a padded scratch plane, then a horizontal pass (rows side by side: four, or eight in AVX-512).
/// Both passes treat pixels outside the image as zero, as the reference does; the filter is linear, so the
/// order of the passes does not change the result beyond float rounding.
final class RecursiveGaussianBlur {
    /// The filters run in Double: their poles sit near the unit circle, and Float rounding in the feedback
    /// moved high scores by 0.2 (the reference's own Float path by 0.06) from the exact value.
    typealias State = SIMD4<Double>
    let coefficients: RecursiveGaussianCoefficients
    /// Zero columns left of each scratch row: the horizontal pass reads back to `-2 * radius`.
    let leftPad = 16
    /// Columns right of the widest row: the horizontal pass reads up to `radius + 5` past the width.
    let rightPad = 16
    /// The vertical pass's output, rows `scratchStride` floats apart, pixel 0 at `leftPad`.
    private let scratch: FloatPlane
    private let scratchStride: Int
    /// Rows the horizontal pass reads and writes when the last group of eight rows is short.
    private let zeroRow: FloatPlane
    private let discardRow: FloatPlane
    /// False runs the portable Swift loops even on an AVX2 CPU (the tests hold both paths together).
    var useKernels = QualityKernels.available
    /// False runs the AVX2 kernels where the AVX-512 ones would (the tests compare the two).
    var useWideKernels = QualityKernels.wide
    private let kernelCoefficients: qk_gaussian

    init(maximum layout: PlaneLayout, coefficients: RecursiveGaussianCoefficients = .ssimulacra2) {
        self.coefficients = coefficients
        precondition(
            2 * coefficients.radius <= leftPad && coefficients.radius + 5 < rightPad,
            "the padding must cover the filter's reach")
        scratchStride = leftPad + layout.stride + rightPad
        scratch = FloatPlane(capacity: scratchStride * layout.height)
        zeroRow = FloatPlane(capacity: scratchStride)
        discardRow = FloatPlane(capacity: scratchStride)
        let c = coefficients
        kernelCoefficients = qk_gaussian(
            radius: Int32(c.radius), n2: (Double(c.n2.0), Double(c.n2.1), Double(c.n2.2)),
            d1: (Double(c.d1.0), Double(c.d1.1), Double(c.d1.2)))
    }

    /// Blurs `a` (or the product `a * b`, which saves a pass over memory) into `output`.
    func blur(
        _ a: UnsafePointer<Float>, times b: UnsafePointer<Float>? = nil, into output: UnsafeMutablePointer<Float>,
        layout: PlaneLayout
    ) {
        if useKernels {
            let pass = useWideKernels ? qk_blur_vertical_avx512 : qk_blur_vertical
            withUnsafePointer(to: kernelCoefficients) { g in
                pass(g, a, b, layout.stride, layout.height, layout.stride, scratch.base + leftPad, scratchStride)
            }
        } else {
            vertical(a, b, layout)
        }
        // The last vector strip ran past the width: zero those columns, the horizontal pass reads them.
        for y in 0..<layout.height {
            let row = scratch.base + y * scratchStride + leftPad
            (row + layout.width).update(repeating: 0, count: scratchStride - leftPad - layout.width)
        }
        if useKernels {
            let pass = useWideKernels ? qk_blur_horizontal_avx512 : qk_blur_horizontal
            withUnsafePointer(to: kernelCoefficients) { g in
                pass(g, scratch.base + leftPad, scratchStride, layout.width, layout.height, output, layout.stride)
            }
        } else {
            horizontal(output, layout)
        }
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<Float>) -> State {
        State(UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self))
    }

    /// The three second-order filters running along a line (four lines at once, one per lane): `step` takes
    /// the next input pair's sum and gives the output, the sum of the three.
    private struct Recurrence {
        let n1: State, n3: State, n5: State, d1: State, d3: State, d5: State
        var p1 = State(), p3 = State(), p5 = State()
        var q1 = State(), q3 = State(), q5 = State()

        init(_ c: RecursiveGaussianCoefficients) {
            (n1, n3, n5) = (
                State(repeating: Double(c.n2.0)), State(repeating: Double(c.n2.1)), State(repeating: Double(c.n2.2))
            )
            (d1, d3, d5) = (
                State(repeating: Double(c.d1.0)), State(repeating: Double(c.d1.1)), State(repeating: Double(c.d1.2))
            )
        }

        @inline(__always)
        mutating func step(_ sum: State) -> SIMD4<Float> {
            let y1 = (n1 * sum - q1) - d1 * p1
            let y3 = (n3 * sum - q3) - d3 * p3
            let y5 = (n5 * sum - q5) - d5 * p5
            (q1, q3, q5) = (p1, p3, p5)
            (p1, p3, p5) = (y1, y3, y5)
            return SIMD4<Float>(y1 + y3 + y5)
        }
    }

    private func vertical(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>?, _ layout: PlaneLayout) {
        let radius = coefficients.radius
        let stride = layout.stride
        let height = layout.height
        @inline(__always) func input(_ row: Int, _ x: Int) -> State {
            guard row >= 0 && row < height else { return State() }
            let value = Self.load(a + row * stride + x)
            guard let b else { return value }
            return value * Self.load(b + row * stride + x)
        }
        for x in Swift.stride(from: 0, to: stride, by: State.scalarCount) {
            var filter = Recurrence(coefficients)
            let column = scratch.base + leftPad + x
            for n in (1 - radius)..<height {
                let v = filter.step(input(n - radius - 1, x) + input(n + radius - 1, x))
                if n >= 0 {
                    UnsafeMutableRawPointer(column + n * scratchStride).storeBytes(of: v, as: SIMD4<Float>.self)
                }
            }
        }
    }

    private func horizontal(_ output: UnsafeMutablePointer<Float>, _ layout: PlaneLayout) {
        let radius = coefficients.radius
        let lanes = State.scalarCount
        for y0 in Swift.stride(from: 0, to: layout.height, by: lanes) {
            // Lane i filters row y0 + i; rows past the image read zeros and write to a discarded row.
            func row(_ i: Int) -> UnsafePointer<Float> {
                UnsafePointer(y0 + i < layout.height ? scratch.base + (y0 + i) * scratchStride : zeroRow.base) + leftPad
            }
            func out(_ i: Int) -> UnsafeMutablePointer<Float> {
                y0 + i < layout.height ? output + (y0 + i) * layout.stride : discardRow.base
            }
            let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3))
            let (o0, o1, o2, o3) = (out(0), out(1), out(2), out(3))
            var filter = Recurrence(coefficients)
            for n in (1 - radius)..<layout.width {
                let l = n - radius - 1
                let r = n + radius - 1
                let sum = State(
                    Double(r0[l] + r0[r]), Double(r1[l] + r1[r]), Double(r2[l] + r2[r]), Double(r3[l] + r3[r]))
                let v = filter.step(sum)
                if n >= 0 {
                    o0[n] = v[0]
                    o1[n] = v[1]
                    o2[n] = v[2]
                    o3[n] = v[3]
                }
            }
        }
    }
}
