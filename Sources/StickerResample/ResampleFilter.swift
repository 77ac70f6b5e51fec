import Foundation

/// The reconstruction filters of the resampler, each a kernel with a support radius (in source pixels at scale 1).
public enum ResampleFilter: String, CaseIterable, Sendable {
    case lanczos3
    case mitchell
    case catmullRom = "catmull-rom"
    case bilinear
    case box

    public var support: Double {
        switch self {
        case .lanczos3: return 3
        case .mitchell, .catmullRom: return 2
        case .bilinear: return 1
        case .box: return 0.5
        }
    }

    /// The kernel's value at distance `x` from the sample centre.
    public func weight(_ x: Double) -> Double {
        let x = abs(x)
        switch self {
        case .lanczos3:
            if x == 0 { return 1 }
            guard x < 3 else { return 0 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        case .mitchell: return Self.cubic(x, b: 1.0 / 3, c: 1.0 / 3)
        case .catmullRom: return Self.cubic(x, b: 0, c: 0.5)
        case .bilinear: return x < 1 ? 1 - x : 0
        case .box: return x < 0.5 ? 1 : 0
        }
    }

    /// The Mitchell-Netravali family of cubics (B, C).
    static func cubic(_ x: Double, b: Double, c: Double) -> Double {
        if x < 1 {
            return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6
        }
        if x < 2 {
            return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}

/// For one axis and one pair of sizes: which source pixels each output pixel reads, and with what weights.
/// Computed once per axis and size; every row (and every frame of an animation) reuses it.
package struct WeightTable: Sendable {
    /// First source index of each output pixel.
    package let starts: [Int]
    /// Number of taps of each output pixel (at most `stride`).
    package let counts: [Int]
    /// `stride` weights per output pixel, normalised to sum to 1, zero-padded.
    package let weights: [Float]
    package let stride: Int

    package init(source: Int, destination: Int, filter: ResampleFilter) {
        let stride = WeightTable.maximumTaps(source: source, destination: destination, filter: filter)
        var starts = [Int](repeating: 0, count: destination)
        var counts = starts
        var flat = [Float](repeating: 0, count: stride * destination)
        starts.withUnsafeMutableBufferPointer { starts in
            counts.withUnsafeMutableBufferPointer { counts in
                flat.withUnsafeMutableBufferPointer { flat in
                    WeightTable.windows(source: source, destination: destination, filter: filter) { x, start, weights in
                        starts[x] = start
                        counts[x] = weights.count
                        for k in 0..<weights.count { flat[x * stride + k] = Float(weights[k]) }
                    }
                }
            }
        }
        self.stride = stride
        self.starts = starts
        self.counts = counts
        self.weights = flat
    }

    /// Double-precision weights: sample centres at (x + 0.5) * scale - 0.5, the kernel widened by the scale
    /// when downscaling, taps past an edge folded onto the edge pixel (clamping), weights normalised.
    package static func exact(source: Int, destination: Int, filter: ResampleFilter) -> [(
        start: Int, weights: [Double]
    )] {
        var table: [(start: Int, weights: [Double])] = []
        table.reserveCapacity(destination)
        windows(source: source, destination: destination, filter: filter) { _, start, weights in
            table.append((start, Array(weights)))
        }
        return table
    }

    /// An upper bound of the taps of any output pixel: the widened kernel's span, plus one because the window's
    /// ends are rounded from floating-point centres; never more than the source (windows are clamped to it).
    static func maximumTaps(source: Int, destination: Int, filter: ResampleFilter) -> Int {
        let radius = filter.support * max(Double(source) / Double(destination), 1)
        return min(source, Int((2 * radius).rounded(.down)) + 2)
    }

    /// Calls `body` with each output pixel's index, first source index and normalised weights, in order. One
    /// scratch buffer serves every pixel: the tables are built on every resize, so this loop allocates nothing.
    static func windows(
        source: Int, destination: Int, filter: ResampleFilter,
        _ body: (_ x: Int, _ start: Int, _ weights: UnsafeBufferPointer<Double>) -> Void
    ) {
        let scale = Double(source) / Double(destination)
        let widen = max(scale, 1)
        let radius = filter.support * widen
        let lanczosStep = LanczosSteps.Step(1 / widen)
        var scratch = [Double](
            repeating: 0, count: maximumTaps(source: source, destination: destination, filter: filter))
        scratch.withUnsafeMutableBufferPointer { weights in
            for x in 0..<destination {
                let centre = (Double(x) + 0.5) * scale - 0.5
                var low = Int((centre - radius).rounded(.up))
                var high = Int((centre + radius).rounded(.down))
                if filter == .box && widen == 1 { (low, high) = (Int(centre.rounded()), Int(centre.rounded())) }
                high = max(low, high)
                // Taps past an edge land on the edge pixel: the window is the clamped range.
                let first = min(max(low, 0), source - 1)
                let last = max(min(high, source - 1), first)
                let count = last - first + 1
                for k in 0..<count { weights[k] = 0 }
                var total = 0.0
                var lanczos = LanczosSteps(start: (Double(low) - centre) / widen, step: lanczosStep)
                for i in low...high {
                    let w = filter == .lanczos3 ? lanczos.next() : filter.weight((Double(i) - centre) / widen)
                    weights[min(max(i, 0), source - 1) - first] += w
                    total += w
                }
                guard total != 0 else {
                    // The kernel missed every pixel (a box between samples): take the nearest.
                    weights[0] = 1
                    body(
                        x, min(max(Int(centre.rounded()), 0), source - 1), UnsafeBufferPointer(rebasing: weights[0..<1])
                    )
                    continue
                }
                // Zero weights at the ends of the window cost a tap each: trim them.
                var start = 0
                var end = count
                while start < end - 1 && weights[start] == 0 { start += 1 }
                while end > start + 1 && weights[end - 1] == 0 { end -= 1 }
                for k in start..<end { weights[k] /= total }
                body(x, first + start, UnsafeBufferPointer(rebasing: weights[start..<end]))
            }
        }
    }
}

/// Lanczos-3 at evenly spaced points, with sin(pi x) and sin(pi x / 3) advanced by rotation: four sines per
/// output pixel instead of two per tap (the weight tables are built on every resize).
struct LanczosSteps {
    /// The rotations of one step, the same for every output pixel of a table.
    struct Step {
        let size: Double, ds1: Double, dc1: Double, ds3: Double, dc3: Double
        init(_ size: Double) {
            self.size = size
            (ds1, dc1) = (sin(.pi * size), cos(.pi * size))
            (ds3, dc3) = (sin(.pi * size / 3), cos(.pi * size / 3))
        }
    }

    private var x: Double
    private let step: Step
    private var s1: Double, c1: Double, s3: Double, c3: Double

    init(start: Double, step: Step) {
        x = start
        self.step = step
        (s1, c1) = (sin(.pi * start), cos(.pi * start))
        (s3, c3) = (sin(.pi * start / 3), cos(.pi * start / 3))
    }

    /// The weight at the current point; then moves one step.
    mutating func next() -> Double {
        let value: Double
        if abs(x) < 1e-12 {
            value = 1
        } else if abs(x) < 3 {
            value = 3 * s1 * s3 / (.pi * .pi * x * x)
        } else {
            value = 0
        }
        x += step.size
        (s1, c1) = (s1 * step.dc1 + c1 * step.ds1, c1 * step.dc1 - s1 * step.ds1)
        (s3, c3) = (s3 * step.dc3 + c3 * step.ds3, c3 * step.dc3 - s3 * step.ds3)
        return value
    }
}
