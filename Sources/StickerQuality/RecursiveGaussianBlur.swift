/// Blurs planes with the recursive Gaussian: a vertical pass (eight columns per vector, contiguous loads)
/// into a padded scratch plane, then a horizontal pass (eight rows per vector). Both passes treat pixels
/// outside the image as zero, as the reference does; the filter is linear, so the order of the passes does
/// not change the result beyond float rounding.
final class RecursiveGaussianBlur {
    typealias Vector = SIMD8<Float>
    let coefficients: RecursiveGaussianCoefficients
    /// Zero columns left of each scratch row: the horizontal pass reads back to `-2 * radius`.
    let leftPad = 16
    /// The vertical pass's output, rows `scratchStride` floats apart, pixel 0 at `leftPad`.
    private let scratch: FloatPlane
    private let scratchStride: Int
    /// Rows the horizontal pass reads and writes when the last group of eight rows is short.
    private let zeroRow: FloatPlane
    private let discardRow: FloatPlane

    init(maximum layout: PlaneLayout, coefficients: RecursiveGaussianCoefficients = .ssimulacra2) {
        self.coefficients = coefficients
        precondition(2 * coefficients.radius <= leftPad, "the padding must cover the filter's reach")
        scratchStride = leftPad + layout.stride + 8
        scratch = FloatPlane(capacity: scratchStride * layout.height)
        zeroRow = FloatPlane(capacity: scratchStride)
        discardRow = FloatPlane(capacity: scratchStride)
    }

    /// Blurs `a` (or the product `a * b`, which saves a pass over memory) into `output`.
    func blur(
        _ a: UnsafePointer<Float>, times b: UnsafePointer<Float>? = nil, into output: UnsafeMutablePointer<Float>,
        layout: PlaneLayout
    ) {
        vertical(a, b, layout)
        // The last vector strip ran past the width: zero those columns, the horizontal pass reads them.
        for y in 0..<layout.height {
            let row = scratch.base + y * scratchStride + leftPad
            (row + layout.width).update(repeating: 0, count: scratchStride - leftPad - layout.width)
        }
        horizontal(output, layout)
    }

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<Float>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    private func vertical(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>?, _ layout: PlaneLayout) {
        let radius = coefficients.radius
        let (n1, n3, n5) = (Vector(repeating: coefficients.n2.0), Vector(repeating: coefficients.n2.1),
                            Vector(repeating: coefficients.n2.2))
        let (d1, d3, d5) = (Vector(repeating: coefficients.d1.0), Vector(repeating: coefficients.d1.1),
                            Vector(repeating: coefficients.d1.2))
        let stride = layout.stride
        let height = layout.height
        @inline(__always) func input(_ row: Int, _ x: Int) -> Vector {
            guard row >= 0 && row < height else { return Vector() }
            let value = Self.load(a + row * stride + x)
            guard let b else { return value }
            return value * Self.load(b + row * stride + x)
        }
        for x in Swift.stride(from: 0, to: stride, by: Vector.scalarCount) {
            var (p1, p3, p5) = (Vector(), Vector(), Vector())
            var (q1, q3, q5) = (Vector(), Vector(), Vector())
            let column = scratch.base + leftPad + x
            for n in (1 - radius)..<height {
                let sum = input(n - radius - 1, x) + input(n + radius - 1, x)
                let y1 = n1 * sum - d1 * p1 - q1
                let y3 = n3 * sum - d3 * p3 - q3
                let y5 = n5 * sum - d5 * p5 - q5
                (q1, q3, q5) = (p1, p3, p5)
                (p1, p3, p5) = (y1, y3, y5)
                if n >= 0 {
                    UnsafeMutableRawPointer(column + n * scratchStride).storeBytes(of: y1 + y3 + y5, as: Vector.self)
                }
            }
        }
    }

    private func horizontal(_ output: UnsafeMutablePointer<Float>, _ layout: PlaneLayout) {
        let radius = coefficients.radius
        let (n1, n3, n5) = (Vector(repeating: coefficients.n2.0), Vector(repeating: coefficients.n2.1),
                            Vector(repeating: coefficients.n2.2))
        let (d1, d3, d5) = (Vector(repeating: coefficients.d1.0), Vector(repeating: coefficients.d1.1),
                            Vector(repeating: coefficients.d1.2))
        let lanes = Vector.scalarCount
        for y0 in Swift.stride(from: 0, to: layout.height, by: lanes) {
            // Lane i filters row y0 + i; rows past the image read zeros and write to a discarded row.
            let rows = (0..<lanes).map { i -> UnsafePointer<Float> in
                y0 + i < layout.height
                    ? UnsafePointer(scratch.base + (y0 + i) * scratchStride + leftPad)
                    : UnsafePointer(zeroRow.base + leftPad)
            }
            let outs = (0..<lanes).map { i in
                y0 + i < layout.height ? output + (y0 + i) * layout.stride : discardRow.base
            }
            let (r0, r1, r2, r3, r4, r5, r6, r7) = (rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7])
            let (o0, o1, o2, o3, o4, o5, o6, o7) = (outs[0], outs[1], outs[2], outs[3], outs[4], outs[5], outs[6], outs[7])
            var (p1, p3, p5) = (Vector(), Vector(), Vector())
            var (q1, q3, q5) = (Vector(), Vector(), Vector())
            for n in (1 - radius)..<layout.width {
                let l = n - radius - 1
                let r = n + radius - 1
                let sum = Vector(
                    r0[l] + r0[r], r1[l] + r1[r], r2[l] + r2[r], r3[l] + r3[r],
                    r4[l] + r4[r], r5[l] + r5[r], r6[l] + r6[r], r7[l] + r7[r])
                let y1 = n1 * sum - d1 * p1 - q1
                let y3 = n3 * sum - d3 * p3 - q3
                let y5 = n5 * sum - d5 * p5 - q5
                (q1, q3, q5) = (p1, p3, p5)
                (p1, p3, p5) = (y1, y3, y5)
                if n >= 0 {
                    let v = y1 + y3 + y5
                    o0[n] = v[0]
                    o1[n] = v[1]
                    o2[n] = v[2]
                    o3[n] = v[3]
                    o4[n] = v[4]
                    o5[n] = v[5]
                    o6[n] = v[6]
                    o7[n] = v[7]
                }
            }
        }
    }
}
