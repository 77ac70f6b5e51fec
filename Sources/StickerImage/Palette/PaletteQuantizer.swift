/// Reduces still or animated RGBA frames to one shared palette of at most 256 RGBA colours.
///
/// Distinct colours are counted (`ColorHistogram`); when there are few enough the palette is exactly
/// those colours. Otherwise the visible colours are placed in premultiplied Oklab with alpha
/// (`PaletteSpace`), cut into boxes (`MedianCut`), refined by weighted k-means (`KMeansRefinement`) and
/// rounded to 8 bits; pixels are then mapped to their nearest entry, with Floyd-Steinberg error diffusion
/// if asked (`Remapper`, `DitherMap`). Fully transparent pixels keep alpha 0 and fully opaque ones alpha
/// 255. The result depends only on the input and the options.
public enum PaletteQuantizer {
    public enum Dithering: String, Sendable, CaseIterable {
        /// Nearest entry only: flat areas stay flat, gradients band.
        case none
        /// Error diffusion everywhere.
        case floydSteinberg
        /// Error diffusion in smooth areas, little across edges and detail.
        case adaptive
    }

    public struct Options: Equatable, Sendable {
        /// 2...256.
        public var maxColors: Int
        public var dithering: Dithering
        /// How much of each pixel's error is passed on (0...1).
        public var ditherLevel: Float
        /// At most this many k-means passes after median cut.
        public var iterations: Int

        public init(
            maxColors: Int = 256, dithering: Dithering = .adaptive, ditherLevel: Float = 0.75, iterations: Int = 8
        ) {
            self.maxColors = maxColors
            self.dithering = dithering
            self.ditherLevel = ditherLevel
            self.iterations = iterations
        }
    }

    public static func quantize(_ image: RGBAImage, options: Options = Options()) -> QuantizedImage {
        quantize([image], options: options)
    }

    /// One palette for all `frames` (all of one size), every frame mapped to it.
    public static func quantize(_ frames: [RGBAImage], options: Options = Options()) -> QuantizedImage {
        precondition(!frames.isEmpty, "nothing to quantise")
        precondition((2...256).contains(options.maxColors), "a palette has 2 to 256 colours")
        let (width, height) = (frames[0].width, frames[0].height)
        precondition(frames.allSatisfy { $0.width == width && $0.height == height }, "frames differ in size")

        var histogram = ColorHistogram(frames: frames, clearTransparent: true)
        if histogram.colors.count <= options.maxColors {
            // Lossless: keep even the colour channels of invisible pixels when they fit too.
            if histogram.hadHiddenColors {
                let raw = ColorHistogram(frames: frames, clearTransparent: false)
                if raw.colors.count <= options.maxColors { histogram = raw }
            }
            return exact(histogram, width: width, height: height)
        }
        return reduced(histogram, options: options, width: width, height: height)
    }

    /// Every distinct colour its own entry: transparent first, then by alpha, so a PNG's tRNS stays short.
    private static func exact(_ histogram: ColorHistogram, width: Int, height: Int) -> QuantizedImage {
        let order = histogram.colors.indices.sorted { Self.paletteOrder(histogram.colors[$0], histogram.colors[$1]) }
        var rank = [UInt8](repeating: 0, count: order.count)
        for (position, id) in order.enumerated() { rank[id] = UInt8(position) }
        let palette = Palette(colors: order.map { PaletteSpace.unpack(histogram.colors[$0]) })
        let indices = histogram.pixelColors.map { frame in frame.map { rank[Int($0)] } }
        return QuantizedImage(palette: palette, width: width, height: height, indices: indices)
    }

    private static func reduced(_ histogram: ColorHistogram, options: Options, width: Int, height: Int)
        -> QuantizedImage
    {
        let colors = histogram.colors
        let transparentID = colors.firstIndex(of: 0)
        let hasTransparent = transparentID.map { histogram.counts[$0] > 0 } ?? false
        // The visible colours are clustered; the transparent one has its own fixed entry.
        var visible: [Int] = []
        visible.reserveCapacity(colors.count)
        for id in colors.indices where id != transparentID { visible.append(id) }
        let points = visible.map { PaletteSpace.point(colors[$0]) }
        let weights = visible.map { Float(histogram.counts[$0]) }
        let opaque = visible.map { colors[$0] >= 0xFF00_0000 }
        let count = options.maxColors - (hasTransparent ? 1 : 0)
        let boxes = MedianCut.boxes(points: points, weights: weights, count: count)
        var kmeans = KMeansRefinement(
            points: points, weights: weights, opaque: opaque,
            fixedEntries: hasTransparent ? [PaletteSpace.point(0)] : [],
            boxes: boxes, count: Int(boxes.max() ?? 0) + 1)
        kmeans.run(iterations: options.iterations)

        // Round to 8 bits, drop duplicates, order as the exact palette is ordered.
        let rounded = kmeans.entries.indices.map { entry in
            entry < kmeans.fixed
                ? 0
                : PaletteSpace.pack(
                    EntryRounding.color(nearest: kmeans.entries[entry], opaque: kmeans.entryOpaque[entry]))
        }
        let final = Array(Set(rounded)).sorted(by: paletteOrder)
        var position: [UInt32: Int] = [:]
        for (index, color) in final.enumerated() { position[color] = index }
        let search = NearestSearch(
            entries: final.map(PaletteSpace.point), opaque: final.map { $0 >= 0xFF00_0000 })

        // Each distinct colour's nearest final entry, from its k-means entry.
        var allPoints = [PalettePoint](repeating: PaletteSpace.point(0), count: colors.count)
        var kinds = [Remapper.Kind](repeating: .transparent, count: colors.count)
        var nearest = [UInt8](repeating: UInt8(position[0] ?? 0), count: colors.count)
        for (n, id) in visible.enumerated() {
            allPoints[id] = points[n]
            kinds[id] = opaque[n] ? .opaque : .translucent
            let guess = position[rounded[Int(kmeans.assignment[n])]]!
            nearest[id] = UInt8(search.nearest(points[n], opaque: opaque[n], guess: guess).index)
        }
        let remapper = Remapper(search: search, points: allPoints, kinds: kinds, nearest: nearest)
        let indices = histogram.pixelColors.map { frame -> [UInt8] in
            switch options.dithering {
            case .none:
                return remapper.remap(frame)
            case .floydSteinberg:
                return remapper.dither(frame, width: width, height: height, level: options.ditherLevel, strength: nil)
            case .adaptive:
                let strength = DitherMap.strengths(colors: frame, points: allPoints, width: width, height: height)
                return remapper.dither(
                    frame, width: width, height: height, level: options.ditherLevel, strength: strength)
            }
        }
        return QuantizedImage(
            palette: Palette(colors: final.map(PaletteSpace.unpack)), width: width, height: height, indices: indices)
    }

    /// Transparent and translucent entries first (by alpha), then opaque ones; ties by colour.
    private static func paletteOrder(_ a: UInt32, _ b: UInt32) -> Bool {
        (a >> 24, a & 0xFF_FFFF) < (b >> 24, b & 0xFF_FFFF)
    }
}
