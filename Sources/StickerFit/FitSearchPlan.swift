import StickerCatalog
import StickerImage

/// One cell of the search's grid: a size and a frame count, each format and axis setting searched within it.
struct FitCell: Hashable {
    var geometry: OutputGeometry
    var frames: Int

    init(geometry: OutputGeometry, frames: Int) {
        self.geometry = geometry
        self.frames = frames
    }

    init(_ knobs: FitKnobs) { self.init(geometry: knobs.geometry, frames: knobs.frames) }
}

/// Which knobs the search tries and in what order, from the source's facts and `--allow` alone: nothing here
/// encodes or scores, so the order can be checked without an encoder.
struct FitSearchPlan {
    let width: Int
    let height: Int
    let format: ImageFormat
    let frameCount: Int
    /// The frame counts an animation may keep, most first: one per whole-rate step.
    let frameCountsToTry: [Int]
    let allowed: Set<LossyStep>
    let sizeClass: SizeClass?
    /// The user allowed format changes (--allow format), rather than fit's default for animations alone.
    var formatChangeAsked = true
    /// The bench's reference search (`FitOptions.searchEverything`): nothing pruned.
    var everything = false

    /// Palette sizes tried, most colours first.
    static let colorLevels = [256, 192, 128, 96, 64, 48, 32, 24, 16, 12, 8, 4, 2]
    /// JPEG qualities tried, best first.
    static let qualityLevels = [95, 90, 85, 80, 75, 70, 65, 60, 50, 40, 30]
    /// GIF's lossy LZW budgets (`GIFLossiness` units: 100 is about one just-noticeable difference), least loss
    /// first: bytes fall along them.
    static let lossyLevels = [40, 80, 140, 240]
    /// How many palette levels above the richest exact one that fits are tried with loss.
    static let lossyClimb = 3
    /// Bisection steps between two palette levels: 24 to 32 colours is settled within 2, 128 to 192 within 16. A
    /// third step (within 8) bought nothing on the bench sets (two files 0.2 lower, three higher without it) for
    /// about a tenth of the CPU: the final step offers the bytes left to a richer setting anyway.
    static let finerSteps = 2
    /// Frames an animation's sizes are estimated from.
    static let sampleFrames = 8
    /// How far over the limit an estimate from sampled frames may be and its setting still fit in full: a tenth
    /// before any full encoding of the file calibrated the estimates (most land within a few percent, a few
    /// a sixth over), a few percent after.
    static let uncalibratedError = 0.1
    static let calibratedError = 0.03
    /// How much higher its full-size worst-frame score must be for an animated GIF to become an APNG by fit's
    /// default: a new format renames the file, which a tie or noise does not pay for.
    static let formatGain = 0.5
    /// How much higher a palette a frame must score than one for all, on a quick look at a finalist's colours
    /// (`FitEvaluator.framePaletteGain`), for its cell to be searched with one: on the bench's 21 GIFs the
    /// three it lifted by 2 to 12 points looked 3 to 22 higher, and none of the others more than 1.3.
    static let framePaletteGate = 2.0

    /// How far below its pixels' own full-size score the smallest size's best may be before the larger sizes are
    /// left unsearched, and how high those pixels must score (`FitSearch.heldBackByPalette`). On the bench sets, the
    /// smallest sizes a larger one beat were 0.4 to 9.6 below their pixels, or their pixels scored under 30; those
    /// 10.9 to 116 below pixels scoring 52 or more were never beaten.
    static let paletteGap = 12.0
    static let sizeFloor = 50.0

    /// Whether an animation's sizes are estimated from a sample of its frames before it is encoded in full.
    static func isSampled(frames: Int) -> Bool { frames > sampleFrames * 2 }

    /// The sizes searched, largest first: the base size, then the smaller classes when `resize` is allowed and
    /// no size class was asked for.
    func geometries(base: OutputGeometry) -> [OutputGeometry] {
        [base] + (allowed.contains(.resize) && sizeClass == nil ? base.smallerClasses() : [])
    }

    /// The frame counts searched at each size, most first: one per whole-rate step (`frameRateSteps`) with `frames`
    /// allowed.
    var frameCounts: [Int] { allowed.contains(.frames) ? frameCountsToTry : [frameCount] }

    /// The formats searched, the source's own first (APNG is written as PNG); PNG after GIF or JPEG when
    /// `format` is allowed.
    var formats: [ImageFormat] {
        var formats = [format == .apng ? ImageFormat.png : format]
        if allowed.contains(.format) && (format == .gif || format == .jpeg) { formats.append(.png) }
        return formats
    }

    /// The quality axis of one cell in one format, least lossy first, without `skip`: JPEG qualities, or the
    /// cell's own colours followed by the dithered palette levels. `framePalettes`: the palette levels alone, each
    /// frame with a palette of its own.
    func axis(_ cell: FitCell, format: ImageFormat, skip: FitKnobs?, framePalettes: Bool = false) -> [FitKnobs] {
        let base = FitKnobs(geometry: cell.geometry, frames: cell.frames, format: format)
        var axis: [FitKnobs] = []
        if framePalettes {
            axis = Self.colorLevels.map { colors in
                var knobs = base
                knobs.colors = colors
                knobs.dithered = true
                knobs.framePalettes = true
                return knobs
            }
        } else if format == .jpeg {
            // Re-encoding a JPEG loses detail: only with --allow quality, or when its size must change anyway.
            let resized = cell.geometry.width != width || cell.geometry.height != height
            let qualities =
                allowed.contains(.quality) ? Self.qualityLevels : resized ? [Self.qualityLevels[0]] : []
            axis = qualities.map { quality in
                var knobs = base
                knobs.quality = quality
                return knobs
            }
        } else {
            axis = [base]
            if allowed.contains(.palette) {
                // GIF is always a palette: its own 256-colour encoding is the top of the axis.
                let levels = format == .gif ? Array(Self.colorLevels.dropFirst()) : Self.colorLevels
                axis += levels.map { colors in
                    var knobs = base
                    knobs.colors = colors
                    knobs.dithered = true
                    return knobs
                }
            }
        }
        axis.removeAll { $0 == skip }
        return axis
    }

    /// Whether a cell of `format` tries lossy LZW: GIF, with `quality` (the encoder's own loss) allowed.
    func triesLoss(_ format: ImageFormat) -> Bool { format == .gif && allowed.contains(.quality) }

    /// Whether a cell tries a palette a frame: an animated GIF, with `palette` allowed.
    func triesFramePalettes(_ knobs: FitKnobs) -> Bool {
        knobs.format == .gif && knobs.frames > 1 && allowed.contains(.palette)
    }

    /// `knobs` at each lossy budget, least loss first.
    static func lossyRungs(of knobs: FitKnobs) -> [FitKnobs] {
        lossyLevels.map { lossy in
            var rung = knobs
            rung.lossy = lossy
            return rung
        }
    }

    /// The settings of `axis` with more colours than `knobs`, nearest first, at most `lossyClimb` of them: what
    /// loss may buy in its cell. None when a `lossless` setting of the cell (APNG) already has more colours than
    /// `knobs`: APNG's smaller frames bought them, and a lossy GIF would have to make that up before buying a colour
    /// over them (on the bench's 21 GIFs, no lossy GIF looked better than such an APNG, on ten tries).
    static func lossyBases(_ axis: [FitKnobs], above knobs: FitKnobs, beside lossless: [FitKnobs] = []) -> [FitKnobs] {
        let colors = knobs.colors ?? .max
        guard !lossless.contains(where: { ($0.colors ?? .max) > colors }) else { return [] }
        let richer = axis.filter { ($0.colors ?? .max) > colors }
        return Array(richer.reversed().prefix(lossyClimb))
    }

    /// The palette level under `colors` (itself at the last level).
    static func levelBelow(_ colors: Int) -> Int { colorLevels.first { $0 < colors } ?? colors }

    /// The undithered settings tried beside a palette setting that fits: without dithering the file is smaller,
    /// so it may fit at the same or one level more colours. None for a setting without a palette.
    static func plainNeighbours(of knobs: FitKnobs) -> [FitKnobs] {
        guard let colors = knobs.colors else { return [] }
        let level = colorLevels.firstIndex(of: colors) ?? 0
        return [level, level - 1].filter { $0 >= 0 }.map { more in
            var plain = knobs
            plain.colors = colorLevels[more]
            plain.dithered = false
            return plain
        }
    }

    /// The first of `count` indices that passes `test` (which, once passed, passes for every later index),
    /// by bisection; `count` when none does.
    static func firstPassing(_ count: Int, _ test: (Int) -> Bool) -> Int {
        guard count > 0, !test(0) else { return 0 }
        // `high` is the first index known to pass, or the end when none is known yet.
        var (low, high) = (1, count)
        while low < high {
            let middle = (low + high) / 2
            if test(middle) { high = middle } else { low = middle + 1 }
        }
        return high
    }

    /// The same index found from the end, one test an index: cheaper than bisection when the first passing index
    /// is expected near the end (APNG from the palette of the best GIF up). `count` when the last fails.
    static func firstPassingFromEnd(_ count: Int, _ test: (Int) -> Bool) -> Int {
        var first = count
        while first > 0, test(first - 1) { first -= 1 }
        return first
    }
}

extension FitSearchPlan {
    /// The plan for `source` under `options` (an extension, so the facts can also be given one by one).
    init(source: DecodedImage, options: FitOptions) {
        self.init(
            width: source.width, height: source.height, format: source.format, frameCount: source.frames.count,
            frameCountsToTry: source.frameCountsToTry, allowed: options.allowed(for: source),
            sizeClass: options.sizeClass, formatChangeAsked: options.allowed.contains(.format),
            everything: options.searchEverything)
    }
}
