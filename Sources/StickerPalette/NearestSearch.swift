/// Nearest palette entry to a point, starting from a good guess (the entry the point had last time, or its
/// undithered colour's entry) and pruned by the triangle inequality: each entry keeps the other entries
/// sorted by distance, and once an entry is further from the guess than the guess is from the point plus
/// the best distance so far, neither it nor any later one can win. Most searches stop after a few entries.
struct NearestSearch {
    let entries: [PalettePoint]
    /// Whether an entry is fully opaque: only those may stand for an opaque pixel.
    let opaque: [Bool]
    /// Per entry, every entry ordered by distance from it (itself first), and those distances (read by the AVX
    /// dithering kernel too).
    let neighbours: [Int32]
    let distances: [Float]

    init(entries: [PalettePoint], opaque: [Bool]) {
        self.entries = entries
        self.opaque = opaque
        let count = entries.count
        var neighbours = [Int32](repeating: 0, count: count * count)
        var distances = [Float](repeating: 0, count: count * count)
        // Each pair's distance once (the same either way round), then each entry's row sorted by (distance, index).
        var between = [Float](repeating: 0, count: count * count)
        for e in 0..<count {
            for other in (e + 1)..<count {
                let d = entries[e] - entries[other]
                let distance = (d * d).laneSum.squareRoot()
                between[e * count + other] = distance
                between[other * count + e] = distance
            }
        }
        var row = [UInt64](repeating: 0, count: count)
        for e in 0..<count {
            for other in 0..<count {
                row[other] = SortKey.make(between[e * count + other], Int32(other))
            }
            SortKey.sort(&row)
            for (offset, key) in row.enumerated() {
                let other = SortKey.index(key)
                neighbours[e * count + offset] = other
                distances[e * count + offset] = between[e * count + Int(other)]
            }
        }
        self.neighbours = neighbours
        self.distances = distances
    }

    /// The nearest entry allowed for the point (an opaque point only matches opaque entries) and its
    /// squared distance. `guess` must be allowed; a full scan is the fallback when it is not.
    @inline(__always)
    func nearest(_ point: PalettePoint, opaque pointOpaque: Bool, guess: Int) -> (index: Int, distance: Float) {
        guard !pointOpaque || opaque[guess] else { return scan(point, opaque: pointOpaque) }
        let count = entries.count
        var best = guess
        var difference = point - entries[guess]
        var bestSquared = (difference * difference).laneSum
        let fromGuess = bestSquared.squareRoot()
        var bestDistance = fromGuess
        return neighbours.withUnsafeBufferPointer { neighbours in
            distances.withUnsafeBufferPointer { distances in
                entries.withUnsafeBufferPointer { entries in
                    let base = guess * count
                    for offset in 1..<count {
                        if distances[base + offset] >= fromGuess + bestDistance { break }
                        let candidate = Int(neighbours[base + offset])
                        if pointOpaque && !opaque[candidate] { continue }
                        difference = point - entries[candidate]
                        let squared = (difference * difference).laneSum
                        if squared < bestSquared {
                            best = candidate
                            bestSquared = squared
                            bestDistance = squared.squareRoot()
                        }
                    }
                    return (best, bestSquared)
                }
            }
        }
    }

    /// Every allowed entry in turn.
    func scan(_ point: PalettePoint, opaque pointOpaque: Bool) -> (index: Int, distance: Float) {
        var best = (index: 0, distance: Float.infinity)
        for (index, entry) in entries.enumerated() where !pointOpaque || opaque[index] {
            let d = point - entry
            let squared = (d * d).laneSum
            if squared < best.distance { best = (index, squared) }
        }
        return best
    }
}
