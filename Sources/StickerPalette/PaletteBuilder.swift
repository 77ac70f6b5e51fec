/// The palette-building half of `PaletteQuantizer`, kept between calls: the frames' colours are counted,
/// placed in the palette space and split by median cut once, and each palette size after that costs only
/// its k-means refinement (the splits for fewer colours are the first splits for more), and each remap
/// only the pixel pass. `fit`'s search asks for many sizes, dithered and not, of the same frames.
///
/// `quantize` gives exactly what `PaletteQuantizer.quantize` gives for the same frames and options.
/// Not thread-safe: one search uses one builder.
public final class PaletteBuilder {
    private let width: Int
    private let height: Int
    private let frames: [[UInt8]]
    private let histogram: ColorHistogram
    /// The visible colours (every distinct colour but the transparent one), as the clustering sees them.
    private let visible: [Int]
    private let points: [PalettePoint]
    private let weights: [Float]
    private let opaque: [Bool]
    /// What the median cut and k-means cluster: the visible colours, or their buckets when there are many.
    private let clusters: ColorBuckets
    private let hasTransparent: Bool
    /// Every distinct colour's point and kind (the transparent one's included), as the remap sees them.
    private let allPoints: [PalettePoint]
    private let kinds: [UInt8]
    /// Adaptive dithering's strength maps, one a frame as it is first remapped: they depend on the colours only.
    private var strengthMaps: [[UInt8]?] = []
    /// The median cut run for the most boxes asked so far; rerun only when more are asked.
    private var cut: (boxes: Int, tree: MedianCut)?
    /// Palettes made so far, by colour count and k-means passes.
    private var built: [BuiltKey: Built] = [:]

    private struct BuiltKey: Hashable {
        var colors: Int
        var iterations: Int
    }

    /// A palette and how each distinct colour maps to it.
    private struct Built {
        var palette: Palette
        var remapper: Remapper
    }

    /// The median cut's first run goes at least this far, so later sizes up to it are replays.
    private let mostColors: Int

    /// One palette for all `frames`: RGBA pixels, 4 bytes each, row by row, all `width` x `height`.
    /// `mostColors`: the largest palette expected, when several sizes will be asked (the median cut runs once
    /// for it); a larger one asked later runs it again.
    public init(width: Int, height: Int, frames: [[UInt8]], mostColors: Int = 2) {
        self.mostColors = min(max(mostColors, 2), 256)
        precondition(!frames.isEmpty, "nothing to quantise")
        precondition(frames.allSatisfy { $0.count == width * height * 4 }, "frames differ in size")
        self.width = width
        self.height = height
        self.frames = frames
        let histogram = ColorHistogram(frames: frames, clearTransparent: true)
        self.histogram = histogram
        let colors = histogram.colors
        let transparentID = colors.firstIndex(of: 0)
        hasTransparent = transparentID.map { histogram.counts[$0] > 0 } ?? false
        var visible: [Int] = []
        visible.reserveCapacity(colors.count)
        for id in colors.indices where id != transparentID { visible.append(id) }
        self.visible = visible
        points = visible.map { PaletteSpace.point(colors[$0]) }
        weights = visible.map { Float(histogram.counts[$0]) }
        opaque = visible.map { colors[$0] >= 0xFF00_0000 }
        clusters = ColorBuckets(colors: visible.map { colors[$0] }, points: points, weights: weights, opaque: opaque)
        var allPoints = [PalettePoint](repeating: PaletteSpace.point(0), count: colors.count)
        var kinds = [UInt8](repeating: Remapper.Kind.transparent.rawValue, count: colors.count)
        for (n, id) in visible.enumerated() {
            allPoints[id] = points[n]
            kinds[id] = (opaque[n] ? Remapper.Kind.opaque : .translucent).rawValue
        }
        self.allPoints = allPoints
        self.kinds = kinds
    }

    /// About how many bytes it holds: the frames, each pixel's colour and dither strength, and each colour's point
    /// and palette entries.
    var bytes: Int { width * height * frames.count * 9 + histogram.colors.count * 100 }

    /// How many distinct colours the frames show (every fully transparent pixel counted as one).
    public var distinctColors: Int { histogram.colors.count }

    /// The frames (or only those at `selection`, mapped to the palette made from them all) mapped to a palette
    /// of at most `options.maxColors` colours.
    public func quantize(_ options: PaletteQuantizer.Options, frames selection: [Int]? = nil) -> QuantizedImage {
        quantize(options, frames: selection, loop: .best)
    }

    /// `loop`: the dithering loop, the best this CPU runs unless a test compares them.
    func quantize(_ options: PaletteQuantizer.Options, frames selection: [Int]?, loop: Remapper.Loop)
        -> QuantizedImage
    {
        let picked = selection ?? Array(histogram.pixelColors.indices)
        precondition((2...256).contains(options.maxColors), "a palette has 2 to 256 colours")
        if histogram.colors.count <= options.maxColors {
            // Lossless: keep even the colour channels of invisible pixels when they fit too.
            if histogram.hadHiddenColors {
                let raw = ColorHistogram(frames: frames, clearTransparent: false)
                if raw.colors.count <= options.maxColors {
                    return Self.exact(raw, width: width, height: height, frames: picked)
                }
            }
            return Self.exact(histogram, width: width, height: height, frames: picked)
        }
        let made = build(colors: options.maxColors, iterations: options.iterations)
        let adaptive = options.dithering == .adaptive
        var indices: [[UInt8]] = []
        indices.reserveCapacity(picked.count)
        // The frame shown before, for the dithered remap: where a pixel's colour has not changed, it keeps the
        // entry it had (see `Remapper.dither`).
        var previous: (colors: [Int32], entries: [UInt8])?
        for n in picked {
            let frame = histogram.pixelColors[n]
            let entries: [UInt8]
            switch options.dithering {
            case .none:
                entries = made.remapper.remap(frame)
            case .floydSteinberg, .adaptive:
                entries = made.remapper.dither(
                    frame, width: width, height: height, level: options.ditherLevel,
                    strength: adaptive ? strengths(frame: n) : nil, previous: previous, loop: loop)
                previous = (frame, entries)
            }
            indices.append(entries)
        }
        return QuantizedImage(palette: made.palette, width: width, height: height, indices: indices)
    }

    /// A frame's strength map, made at its first adaptive remap: a search's sampled estimates remap only some
    /// frames of a size it may never encode whole.
    private func strengths(frame n: Int) -> [UInt8] {
        if strengthMaps.isEmpty { strengthMaps = Array(repeating: nil, count: histogram.pixelColors.count) }
        if let known = strengthMaps[n] { return known }
        let map = DitherMap.strengths(colors: histogram.pixelColors[n], points: allPoints, width: width, height: height)
        strengthMaps[n] = map
        return map
    }

    /// The median cut's boxes for `count`, from the largest run so far when it reached that far.
    private func boxes(count: Int) -> [Int32] {
        if let cut, cut.boxes >= count { return cut.tree.boxes(count: count) }
        let most = max(count, cut == nil ? mostColors - (hasTransparent ? 1 : 0) : count)
        let tree = MedianCut(points: clusters.points, weights: clusters.weights, count: most)
        cut = (most, tree)
        return tree.boxes(count: count)
    }

    private func build(colors maxColors: Int, iterations: Int) -> Built {
        let key = BuiltKey(colors: maxColors, iterations: iterations)
        if let known = built[key] { return known }
        let colors = histogram.colors
        let boxes = boxes(count: maxColors - (hasTransparent ? 1 : 0))
        var kmeans = KMeansRefinement(
            points: clusters.points, weights: clusters.weights, opaque: clusters.opaque,
            fixedEntries: hasTransparent ? [PaletteSpace.point(0)] : [],
            boxes: boxes, count: Int(boxes.max() ?? 0) + 1)
        kmeans.run(iterations: iterations)
        if clusters.bucket != nil {
            // The buckets' clustering, finished on the colours themselves: one pass moves those nearer another
            // entry than their bucket's mean is (at a gradient's finest steps, the score sees them).
            let fixed = Int32(kmeans.fixed)
            var exact = KMeansRefinement(
                points: points, weights: weights, opaque: opaque, fixedEntries: Array(kmeans.entries[..<kmeans.fixed]),
                boxes: points.indices.map { kmeans.assignment[clusters.point(of: $0)] - fixed },
                count: kmeans.entries.count - kmeans.fixed)
            exact.run(iterations: 1)
            kmeans = exact
        }

        // Round to 8 bits, drop duplicates, order as the exact palette is ordered.
        let rounded = kmeans.entries.indices.map { entry in
            entry < kmeans.fixed
                ? 0
                : PaletteSpace.pack(
                    EntryRounding.color(nearest: kmeans.entries[entry], opaque: kmeans.entryOpaque[entry]))
        }
        let final = Array(Set(rounded)).sorted(by: Self.paletteOrder)
        var position: [UInt32: Int] = [:]
        for (index, color) in final.enumerated() { position[color] = index }
        let search = NearestSearch(
            entries: final.map(PaletteSpace.point), opaque: final.map { $0 >= 0xFF00_0000 })

        // Each distinct colour's nearest final entry, from its k-means entry.
        var nearest = [UInt8](repeating: UInt8(position[0] ?? 0), count: colors.count)
        for (n, id) in visible.enumerated() {
            let guess = position[rounded[Int(kmeans.assignment[n])]]!
            nearest[id] = UInt8(search.nearest(points[n], opaque: opaque[n], guess: guess).index)
        }
        let made = Built(
            palette: Palette(colors: final.map(PaletteSpace.unpack)),
            remapper: Remapper(search: search, points: allPoints, kinds: kinds, nearest: nearest))
        built[key] = made
        return made
    }

    /// Every distinct colour its own entry: transparent first, then by alpha, so a PNG's tRNS stays short.
    private static func exact(_ histogram: ColorHistogram, width: Int, height: Int, frames: [Int]) -> QuantizedImage {
        let order = histogram.colors.indices.sorted { paletteOrder(histogram.colors[$0], histogram.colors[$1]) }
        var rank = [UInt8](repeating: 0, count: order.count)
        for (position, id) in order.enumerated() { rank[id] = UInt8(position) }
        let palette = Palette(colors: order.map { PaletteSpace.unpack(histogram.colors[$0]) })
        let indices = frames.map { histogram.pixelColors[$0].map { rank[Int($0)] } }
        return QuantizedImage(palette: palette, width: width, height: height, indices: indices)
    }

    /// Transparent and translucent entries first (by alpha), then opaque ones; ties by colour.
    private static func paletteOrder(_ a: UInt32, _ b: UInt32) -> Bool {
        (a >> 24, a & 0xFF_FFFF) < (b >> 24, b & 0xFF_FFFF)
    }
}
