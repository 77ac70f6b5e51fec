/// Lloyd's k-means over the distinct colours, weighted by pixel count: each entry moves to the mean of the
/// colours nearest to it until the total error stops falling.
///
/// An entry that stands for any opaque colour stays exactly opaque (its alpha is pinned at 1 and only its
/// colour moves), so opaque pixels always find an opaque entry; entries before `fixed` (the transparent
/// one) never move.
struct KMeansRefinement {
    let points: [PalettePoint]
    let weights: [Float]
    let pointOpaque: [Bool]
    let fixed: Int

    var entries: [PalettePoint]
    var entryOpaque: [Bool]
    /// The entry of every point.
    var assignment: [Int32]
    /// The weighted squared error of the last pass.
    private(set) var error = Double.infinity

    /// `boxes`: a first grouping of the points (0 ..< `count`), e.g. median cut's; entries come from its means.
    init(
        points: [PalettePoint], weights: [Float], opaque: [Bool], fixedEntries: [PalettePoint], boxes: [Int32],
        count: Int
    ) {
        self.points = points
        self.weights = weights
        self.pointOpaque = opaque
        fixed = fixedEntries.count
        entries = fixedEntries + [PalettePoint](repeating: .zero, count: count)
        entryOpaque = [Bool](repeating: false, count: fixed + count)
        assignment = boxes.map { $0 + Int32(fixedEntries.count) }
        var distances = [Float](repeating: 0, count: points.count)
        update(distances: &distances)
    }

    /// Up to `iterations` passes, stopping early once a pass gains less than `tolerance` of the error.
    mutating func run(iterations: Int, tolerance: Double = 0.005) {
        var distances = [Float](repeating: 0, count: points.count)
        for _ in 0..<iterations {
            let previous = error
            assign(distances: &distances)
            update(distances: &distances)
            if previous.isFinite && previous - error <= previous * tolerance { break }
        }
    }

    /// Gives every point its nearest allowed entry, starting from the one it has.
    mutating func assign(distances: inout [Float]) {
        let search = NearestSearch(entries: entries, opaque: entryOpaque)
        var total = 0.0
        for i in points.indices {
            let (index, distance) = search.nearest(points[i], opaque: pointOpaque[i], guess: Int(assignment[i]))
            assignment[i] = Int32(index)
            distances[i] = distance
            total += Double(weights[i] * distance)
        }
        error = total
    }

    /// Moves each entry to the mean of its points; an empty entry is given the worst-served point.
    private mutating func update(distances: inout [Float]) {
        var sums = [SIMD16<Double>](repeating: .zero, count: entries.count)
        var totals = [Double](repeating: 0, count: entries.count)
        var anyOpaque = [Bool](repeating: false, count: entries.count)
        for i in points.indices {
            let entry = Int(assignment[i])
            let w = Double(weights[i])
            sums[entry] += w * SIMD16<Double>(points[i])
            totals[entry] += w
            anyOpaque[entry] = anyOpaque[entry] || pointOpaque[i]
        }
        for entry in fixed..<entries.count {
            if totals[entry] > 0 {
                var mean = PalettePoint(sums[entry] / totals[entry])
                if anyOpaque[entry] { mean = PaletteSpace.opaque(mean) }
                entries[entry] = mean
                entryOpaque[entry] = anyOpaque[entry]
            } else if let worst = worstServed(distances: &distances) {
                entries[entry] = points[worst]
                entryOpaque[entry] = pointOpaque[worst]
                assignment[worst] = Int32(entry)
            }
        }
    }

    /// The point that costs the most where it is (weight times squared distance), then forgotten so the
    /// next empty entry takes another.
    private func worstServed(distances: inout [Float]) -> Int? {
        var worst: Int?
        var cost: Float = 0
        for i in points.indices where weights[i] * distances[i] > cost {
            worst = i
            cost = weights[i] * distances[i]
        }
        if let worst { distances[worst] = 0 }
        return worst
    }
}
