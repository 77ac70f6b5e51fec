/// The first palette: boxes of colours split until there are enough, the k-means refinement's seed.
///
/// The box holding the largest squared error is split next, across its axis of widest spread, at the cut
/// that leaves the two halves the least squared error (Wu's criterion along one sorted axis), so boxes
/// end up where the error is rather than where the pixels are.
///
/// Each split depends only on the boxes before it, so the splits for fewer boxes are the first ones of the
/// splits for more: one run for the largest palette gives every smaller one (`boxes(count:)`).
struct MedianCut {
    /// The points in an order where every box, at every step, is a contiguous range.
    private let order: [Int32]
    /// Each split in turn: the box that was split keeps `low` and a new box (the next index) takes `high`.
    private let splits: [(box: Int, low: Range<Int>, high: Range<Int>)]

    /// Splits up to `count` boxes (fewer when the points run out or have no error left).
    init(points: [PalettePoint], weights: [Float], count boxes: Int) {
        var order = (0..<points.count).map { Int32($0) }
        var ranges: [(range: Range<Int>, error: Double)] = [
            (0..<points.count, Self.squaredError(order[...], points: points, weights: weights))
        ]
        var splits: [(box: Int, low: Range<Int>, high: Range<Int>)] = []
        var keyed: [UInt64] = []
        while ranges.count < boxes {
            guard let worst = ranges.indices.max(by: { ranges[$0].error < ranges[$1].error }),
                ranges[worst].error > 0, ranges[worst].range.count > 1
            else { break }
            let range = ranges[worst].range
            let axis = Self.widestAxis(order[range], points: points, weights: weights)
            keyed.removeAll(keepingCapacity: true)
            for index in order[range] { keyed.append(SortKey.make(points[Int(index)][axis], index)) }
            SortKey.sort(&keyed)
            for (offset, key) in keyed.enumerated() { order[range.lowerBound + offset] = SortKey.index(key) }
            let cut = Self.bestCut(order[range], points: points, weights: weights)
            let low = range.lowerBound..<(range.lowerBound + cut.offset)
            let high = (range.lowerBound + cut.offset)..<range.upperBound
            ranges[worst] = (low, cut.lowError)
            ranges.append((high, cut.highError))
            splits.append((worst, low, high))
        }
        self.order = order
        self.splits = splits
    }

    /// How many boxes the splits reached.
    var boxCount: Int { splits.count + 1 }

    /// The box (0 ..< at most `count`) of every point.
    static func boxes(points: [PalettePoint], weights: [Float], count: Int) -> [Int32] {
        MedianCut(points: points, weights: weights, count: count).boxes(count: count)
    }

    /// The box of every point after the first `count - 1` splits: exactly what a run to `count` gives.
    func boxes(count: Int) -> [Int32] {
        var ranges = [0..<order.count]
        for split in splits.prefix(max(0, count - 1)) {
            ranges[split.box] = split.low
            ranges.append(split.high)
        }
        var assignment = [Int32](repeating: 0, count: order.count)
        for (box, range) in ranges.enumerated() {
            for index in order[range] { assignment[Int(index)] = Int32(box) }
        }
        return assignment
    }

    /// The members' total weight, weighted sum and weighted sum of squared norms.
    private static func moments(_ members: ArraySlice<Int32>, points: [PalettePoint], weights: [Float]) -> (
        total: Double, sum: SIMD16<Double>, squares: Double
    ) {
        var total = 0.0
        var sum = SIMD16<Double>.zero
        var squares = 0.0
        for index in members {
            let w = Double(weights[Int(index)])
            let p = SIMD16<Double>(points[Int(index)])
            total += w
            sum += w * p
            squares += w * (p * p).laneSum
        }
        return (total, sum, squares)
    }

    /// The weighted sum of squared distances from the box's mean.
    private static func squaredError(_ members: ArraySlice<Int32>, points: [PalettePoint], weights: [Float]) -> Double {
        let (total, sum, squares) = moments(members, points: points, weights: weights)
        return total > 0 ? max(0, squares - (sum * sum).laneSum / total) : 0
    }

    /// The axis along which the members' weighted variance is largest.
    private static func widestAxis(_ members: ArraySlice<Int32>, points: [PalettePoint], weights: [Float]) -> Int {
        var total = 0.0
        var sum = SIMD16<Double>.zero
        var squares = SIMD16<Double>.zero
        for index in members {
            let w = Double(weights[Int(index)])
            let p = SIMD16<Double>(points[Int(index)])
            total += w
            sum += w * p
            squares += w * p * p
        }
        let variance = squares - sum * sum / max(total, 1e-12)
        var axis = 0
        for candidate in 1..<16 where variance[candidate] > variance[axis] { axis = candidate }
        return axis
    }

    /// Where to cut members sorted along an axis: the offset (1 ..< count) with the least total error.
    private static func bestCut(_ members: ArraySlice<Int32>, points: [PalettePoint], weights: [Float]) -> (
        offset: Int, lowError: Double, highError: Double
    ) {
        let (total, sum, squares) = moments(members, points: points, weights: weights)
        var best = (offset: members.count / 2, lowError: Double.infinity, highError: Double.infinity)
        var lowTotal = 0.0
        var lowSum = SIMD16<Double>.zero
        var lowSquares = 0.0
        for (offset, index) in members.dropLast().enumerated() {
            let w = Double(weights[Int(index)])
            let p = SIMD16<Double>(points[Int(index)])
            lowTotal += w
            lowSum += w * p
            lowSquares += w * (p * p).laneSum
            let highTotal = total - lowTotal
            guard lowTotal > 0, highTotal > 0 else { continue }
            let highSum = sum - lowSum
            let lowError = max(0, lowSquares - (lowSum * lowSum).laneSum / lowTotal)
            let highError = max(0, squares - lowSquares - (highSum * highSum).laneSum / highTotal)
            if lowError + highError < best.lowError + best.highError {
                best = (offset + 1, lowError, highError)
            }
        }
        return best
    }
}
