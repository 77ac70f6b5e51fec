/// The colours the palette is clustered on. A photo-like animation has hundreds of thousands of distinct
/// colours, and the median cut and k-means passes over every one of them were a fifth of `fit`'s time; past
/// `limit` colours, neighbours (the same top bits of each channel, opaque apart from translucent) are merged
/// into one point at their weighted mean. Merging loses nothing in an entry's mean when a bucket's colours
/// all go to one entry, as neighbours this close almost always do; every distinct colour is still mapped to
/// its own nearest entry of the final palette.
struct ColorBuckets {
    /// The points clustered, their weights and whether each stands for opaque colours only.
    let points: [PalettePoint]
    let weights: [Float]
    let opaque: [Bool]
    /// For each colour given, the index of its point; nil when every colour is its own point.
    let bucket: [Int32]?

    /// Distinct colours above this many are merged.
    static let limit = 1 << 15

    /// `colors` packed as `PaletteSpace.pack`, each with its point, weight and opacity.
    init(colors: [UInt32], points: [PalettePoint], weights: [Float], opaque: [Bool]) {
        guard colors.count > Self.limit else {
            (self.points, self.weights, self.opaque, bucket) = (points, weights, opaque, nil)
            return
        }
        // Six bits a channel (five cost coffee-turn.gif of the fit benchmark 7 points for little time).
        (self.points, self.weights, self.opaque, bucket) = Self.merge(colors, points, weights, opaque, dropping: 2)
    }

    /// Index of a colour's point among `points`.
    @inline(__always)
    func point(of color: Int) -> Int { bucket.map { Int($0[color]) } ?? color }

    private static func merge(
        _ colors: [UInt32], _ points: [PalettePoint], _ weights: [Float], _ opaque: [Bool], dropping bits: UInt32
    ) -> (points: [PalettePoint], weights: [Float], opaque: [Bool], bucket: [Int32]?) {
        var index: [UInt32: Int32] = [:]
        var sums: [SIMD16<Double>] = []
        var totals: [Double] = []
        var bucketOpaque: [Bool] = []
        var bucket = [Int32](repeating: 0, count: colors.count)
        let mask = UInt32(0xFF >> bits) << bits
        let channels = mask | mask << 8 | mask << 16
        for (n, color) in colors.enumerated() {
            // Opaque colours never share a bucket with translucent ones: an opaque entry must stay opaque.
            let key = opaque[n] ? color & channels | 0xFF00_0000 : color & (channels | mask << 24)
            let id: Int32
            if let known = index[key] {
                id = known
            } else {
                id = Int32(sums.count)
                index[key] = id
                sums.append(.zero)
                totals.append(0)
                bucketOpaque.append(opaque[n])
            }
            bucket[n] = id
            let w = Double(weights[n])
            sums[Int(id)] += w * SIMD16<Double>(points[n])
            totals[Int(id)] += w
        }
        let merged = sums.indices.map { id in
            let mean = PalettePoint(sums[id] / totals[id])
            return bucketOpaque[id] ? PaletteSpace.opaque(mean) : mean
        }
        return (merged, totals.map { Float($0) }, bucketOpaque, bucket)
    }
}
