/// Reduces opaque colours to a palette of at most `maxColors` by median cut over a 6-bit-per-channel
/// histogram, and maps pixels to their nearest entry. Exact when the image has few enough colours.
struct ColorQuantizer {
    private(set) var palette: [SIMD3<UInt8>] = []
    private var cache: [UInt32: UInt8] = [:]

    /// `colors`: every opaque colour occurrence, as 0xRRGGBB.
    init(colors: [UInt32], maxColors: Int) {
        var counts: [UInt32: Int] = [:]
        for color in colors { counts[color, default: 0] += 1 }
        if counts.count <= maxColors {
            palette = counts.keys.sorted().map { SIMD3(UInt8($0 >> 16), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)) }
        } else {
            palette = Self.medianCut(counts, maxColors: maxColors)
        }
        if palette.isEmpty { palette = [SIMD3(0, 0, 0)] }
    }

    /// The palette index nearest to a colour (squared distance), cached.
    mutating func index(of color: UInt32) -> UInt8 {
        if let hit = cache[color] { return hit }
        let r = Int(color >> 16)
        let g = Int(color >> 8 & 0xFF)
        let b = Int(color & 0xFF)
        var best = 0
        var bestDistance = Int.max
        for (i, entry) in palette.enumerated() {
            let dr = r - Int(entry.x)
            let dg = g - Int(entry.y)
            let db = b - Int(entry.z)
            // Weighted towards green, as the eye is.
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        cache[color] = UInt8(best)
        return UInt8(best)
    }

    /// A histogram bin: colours sharing their top 5 bits per channel, with their count and colour sums.
    private struct Bin {
        var key: SIMD3<Int>
        var count = 0
        var sum = SIMD3<Double>(0, 0, 0)
    }

    private struct Box {
        var bins: [Bin]

        func range(_ channel: Int) -> Int {
            var low = 255
            var high = 0
            for bin in bins {
                low = min(low, bin.key[channel])
                high = max(high, bin.key[channel])
            }
            return high - low
        }

        var widest: (channel: Int, range: Int) {
            (0..<3).map { ($0, range($0)) }.max { $0.1 < $1.1 }!
        }

        var weight: Int { bins.reduce(0) { $0 + $1.count } }

        var mean: SIMD3<UInt8> {
            var sum = SIMD3<Double>(0, 0, 0)
            var total = 0
            for bin in bins {
                sum += bin.sum
                total += bin.count
            }
            let m = (sum / Double(max(total, 1))).rounded(.toNearestOrAwayFromZero)
            return SIMD3(UInt8(m.x), UInt8(m.y), UInt8(m.z))
        }
    }

    /// Median cut over a 32768-bin histogram: the cost depends on the bins, not on the pixel count.
    static func medianCut(_ counts: [UInt32: Int], maxColors: Int) -> [SIMD3<UInt8>] {
        var bins: [Int: Bin] = [:]
        for (color, count) in counts {
            let r = Int(color >> 16)
            let g = Int(color >> 8 & 0xFF)
            let b = Int(color & 0xFF)
            let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
            bins[key, default: Bin(key: SIMD3(r >> 3, g >> 3, b >> 3))].count += count
            bins[key]!.sum += SIMD3(Double(r), Double(g), Double(b)) * Double(count)
        }
        var boxes = [Box(bins: Array(bins.values))]
        while boxes.count < maxColors {
            // Split the box with the most pixels times its widest channel range.
            guard
                let index = boxes.indices.filter({ boxes[$0].bins.count > 1 })
                    .max(by: {
                        Double(boxes[$0].weight) * Double(boxes[$0].widest.range) < Double(boxes[$1].weight)
                            * Double(boxes[$1].widest.range)
                    })
            else { break }
            let box = boxes.remove(at: index)
            let channel = box.widest.channel
            let sorted = box.bins.sorted { $0.key[channel] < $1.key[channel] }
            let half = box.weight / 2
            var running = 0
            var cut = 1
            for (i, bin) in sorted.enumerated() {
                running += bin.count
                if running >= half {
                    cut = max(1, min(sorted.count - 1, i + 1))
                    break
                }
            }
            boxes.append(Box(bins: Array(sorted[..<cut])))
            boxes.append(Box(bins: Array(sorted[cut...])))
        }
        return boxes.map(\.mean)
    }
}
