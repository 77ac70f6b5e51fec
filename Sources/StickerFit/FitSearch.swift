import StickerImage
import StickerPalette
import StickerQuality

/// The search for the best-looking output within the byte limit, cheapest loss first.
///
/// The knobs form a grid: size (the base size, then smaller classes), frames kept (all, then fewer over the
/// same duration), format, and one quality axis per format (palette size for PNG and GIF, quality for
/// JPEG). For each (size, frames, format) cell the least lossy setting of the axis that fits is found by
/// bisection on bytes, the settings next to it (dithering off, one level more colours) are tried too, and
/// every fitting one is scored on sampled frames at reduced size. The search moves to fewer frames and
/// smaller sizes only while that raises the best worst-frame score, skips a cell whose pixels score no
/// better than the best found before any palette is applied, and stops as soon as a cell fits without
/// touching its axis: taking more away cannot look better.
final class FitSearch {
    let source: DecodedImage
    /// The most bytes a setting's quick encoding may take; raised only by `richer`.
    private(set) var limit: Int
    let options: FitOptions
    private let scorer: StickerScorer
    /// Encoded sizes by knobs, so the bisection and the neighbours never encode a setting twice.
    private var sizes: [FitKnobs: Int] = [:]
    private var encoded: [FitKnobs: [UInt8]] = [:]
    /// Sizes estimated from sampled frames, for settings not encoded in full.
    private var estimates: [FitKnobs: Int] = [:]
    /// How far the estimates of a cell's settings were from their full encodings (full over estimate), by
    /// cell and dithering, and the last one found for each dithering: the sample's frames are the same for
    /// every setting of a cell, so its error is much the same for each, and dithered frames err alike.
    private var scales: [ScaleKey: Double] = [:]
    private var lastScales: [Bool: Double] = [:]
    /// The cell being searched, its image and which of the source's frames it keeps: cells are searched one
    /// after another, and an animation's frames at 618 px take hundreds of MB, so only one is kept.
    private var current: (key: CellKey, image: DecodedImage, kept: [Int])?
    /// All the source's frames at the size being searched, and their palette builder (made at the first
    /// palette asked): each frame count there is a selection of these frames, mapped to palettes made from
    /// them all, so the colours are counted and split, and each palette size refined, once per size.
    private var sized: (geometry: OutputGeometry, image: DecodedImage, palettes: PaletteBuilder?)?
    /// How many settings were encoded, and the fewest bytes any of them took.
    private(set) var encodings = 0
    private(set) var smallest: Int?
    /// Pixels quantised and encoded so far, and the most one file may take: about twenty times a usual
    /// search of a 618 px, 8-frame sticker. An animation of hundreds of large frames stops there with the
    /// best it found, instead of running for an hour; `exhausted` says so.
    private var work = 0
    static let workBudget = 1_000_000_000
    private(set) var exhausted = false

    struct CellKey: Hashable {
        var geometry: OutputGeometry
        var frames: Int
    }

    private struct ScaleKey: Hashable {
        var cell: CellKey
        var dithered: Bool

        init(_ knobs: FitKnobs) {
            cell = CellKey(geometry: knobs.geometry, frames: knobs.frames)
            dithered = knobs.dithered
        }
    }

    /// Palette sizes tried, most colours first.
    static let colorLevels = [256, 192, 128, 96, 64, 48, 32, 24, 16, 12, 8, 4, 2]
    /// JPEG qualities tried, best first.
    static let qualityLevels = [95, 90, 85, 80, 75, 70, 65, 60, 50, 40, 30]

    init(source: DecodedImage, limit: Int, options: FitOptions) throws(StickerScoreError) {
        self.source = source
        self.limit = limit
        self.options = options
        scorer = try StickerScorer(source: source, options: .quick)
    }

    /// The best candidate within the limit, or nil when none fits. `base` is the size the sides rule gives;
    /// `skip` is a setting already known not to fit (the lossless encoding).
    func best(base: OutputGeometry, skip: FitKnobs?) -> FitCandidate? {
        let allowed = options.allowed
        let geometries = [base] + (allowed.contains(.resize) && options.sizeClass == nil ? base.smallerClasses() : [])
        let frameCounts = allowed.contains(.frames) ? source.frameCountsToTry : [source.frames.count]
        var formats = [source.format == .apng ? ImageFormat.png : source.format]
        if allowed.contains(.format) && (source.format == .gif || source.format == .jpeg) { formats.append(.png) }
        var best: FitCandidate?
        for format in formats {
            guard let found = bestInFormat(format, geometries: geometries, frameCounts: frameCounts, skip: skip)
            else { continue }
            // The source's format comes first; another replaces it only when smaller at an equal or better score.
            if let current = best,
                found.score.worst < current.score.worst || found.bytes.count >= current.bytes.count
            {
                continue
            }
            best = found
        }
        return best
    }

    /// A better setting of `found`'s size and frame count with the limit on quick sizes raised to
    /// `quickLimit`: the full-effort encoding of `found` came out smaller than its quick one (a tenth, for
    /// PNG), so a setting with more colours, over the limit at quick effort, may fit once encoded in full.
    /// Nil when nothing scores better than `found`.
    func richer(than found: FitCandidate, quickLimit: Int, skip: FitKnobs?) -> FitCandidate? {
        let saved = limit
        limit = max(quickLimit, saved)
        defer { limit = saved }
        let cell = CellKey(geometry: found.knobs.geometry, frames: found.knobs.frames)
        guard let better = searchCell(cell, format: found.knobs.format, skip: skip).best,
            better.knobs != found.knobs, better.isBetter(than: found)
        else { return nil }
        return better
    }

    private func bestInFormat(
        _ format: ImageFormat, geometries: [OutputGeometry], frameCounts: [Int], skip: FitKnobs?
    ) -> FitCandidate? {
        var best: FitCandidate?
        for geometry in geometries {
            var bestHere: FitCandidate?
            var untouched = false
            for frames in frameCounts {
                let key = CellKey(geometry: geometry, frames: frames)
                // No setting of a cell looks better than its pixels before any palette or encoding: a cell
                // whose ceiling is no better than what was found is not searched, nor are fewer frames.
                if let bar = (bestHere ?? best)?.score.worst, let top = ceiling(key), top <= bar {
                    if frames == frameCounts.first { return best }
                    break
                }
                let cell = searchCell(key, format: format, skip: skip)
                guard let found = cell.best else { continue }
                guard found.isBetter(than: bestHere) else { break }
                bestHere = found
                if cell.topFits {
                    untouched = frames == source.frames.count
                    break
                }
            }
            // Nothing fits at this size: a smaller one may. Something fits but looks worse: smaller cannot help.
            guard let here = bestHere else { continue }
            guard here.isBetter(than: best) else { break }
            best = here
            if untouched { break }
        }
        return best
    }

    /// The best fitting setting of one cell, and whether its least lossy setting already fits.
    private func searchCell(_ cell: CellKey, format: ImageFormat, skip: FitKnobs?) -> (
        best: FitCandidate?, topFits: Bool
    ) {
        let base = FitKnobs(geometry: cell.geometry, frames: cell.frames, format: format)
        var axis: [FitKnobs] = []
        if format == .jpeg {
            // Re-encoding a JPEG loses detail: only with --allow quality, or when its size must change anyway.
            let resized = cell.geometry.width != source.width || cell.geometry.height != source.height
            let qualities =
                options.allowed.contains(.quality) ? Self.qualityLevels : resized ? [Self.qualityLevels[0]] : []
            axis = qualities.map { quality in
                var knobs = base
                knobs.quality = quality
                return knobs
            }
        } else {
            axis = [base]
            if options.allowed.contains(.palette) {
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
        guard let (finest, boundary) = finestFitting(axis) else { return (nil, false) }
        var best = candidate(finest)
        if let colors = axis[boundary].colors {
            // Without dithering the file is smaller, so it may fit at the same or one level more colours.
            let level = Self.colorLevels.firstIndex(of: colors) ?? 0
            for more in [level, level - 1] where more >= 0 {
                var plain = axis[boundary]
                plain.colors = Self.colorLevels[more]
                plain.dithered = false
                // On a long animation, not encoded in full when its sample says it is well over the limit.
                if Self.isSampled(frames: plain.frames) && wellOver(plain) { continue }
                // Nor when its pixels, before any encoding, score worse than what was found.
                if let bar = best?.score.worst, let top = unencodedScore(plain), top < bar { continue }
                if let size = size(of: plain), size <= limit, let found = candidate(plain), found.isBetter(than: best) {
                    best = found
                }
            }
        }
        return (best, finest == axis.first)
    }

    /// The least lossy setting that fits: the first (least lossy) level of the axis whose encoding fits, bytes
    /// falling along it, then the most colours between it and the level above that still fit (the levels are
    /// coarse, and the bytes left between them are quality left unused). Also the index of that first level.
    /// Nil when even the last level does not fit.
    ///
    /// An animation of many frames is bisected on sizes estimated from a sample of its frames, and only the
    /// settings about the estimated boundary are encoded in full, the richest first, until one fits: a setting
    /// estimated well over the limit is not encoded in full to learn that it does not fit.
    private func finestFitting(_ axis: [FitKnobs]) -> (knobs: FitKnobs, level: Int)? {
        func fits(_ knobs: FitKnobs) -> Bool { size(of: knobs).map { $0 <= limit } ?? false }
        guard let first = axis.first else { return nil }
        guard Self.isSampled(frames: first.frames) else {
            let level = Self.firstPassing(axis.count) { fits(axis[$0]) }
            guard level < axis.count else { return nil }
            let finer = level > 0 ? finerColors(fitting: axis[level], over: axis[level - 1]) : nil
            return (finer ?? axis[level], level)
        }
        var level = min(
            Self.firstPassing(axis.count) { calibrated(axis[$0]).map { $0 <= limit } ?? false }, axis.count - 1)
        if level > 0, !wellOver(axis[level - 1]), fits(axis[level - 1]) {
            // The estimates were pessimistic: the level above fits too, and maybe more.
            level -= 1
            while level > 0, !wellOver(axis[level - 1]), fits(axis[level - 1]) { level -= 1 }
        } else {
            // The counts between the estimated boundary and the level above come before the boundary itself.
            if level > 0, let finer = finerColors(fitting: axis[level], over: axis[level - 1]) {
                return (finer, level)
            }
            while level < axis.count, !fits(axis[level]) { level += 1 }
            guard level < axis.count else { return nil }
        }
        guard level > 0, let finer = finerColors(fitting: axis[level], over: axis[level - 1]) else {
            return (axis[level], level)
        }
        return (finer, level)
    }

    /// Between a palette size estimated to fit and the next level up that does not (24 and 32 colours, say),
    /// the most colours that fit, by a few bisection steps on bytes (calibrated estimates, for a long
    /// animation); then the counts that passed are encoded in full, most colours first, until one fits. Nil
    /// when none does. A full encoding that comes out well under its estimate corrects the estimates that
    /// placed it: the bisection goes on above it.
    private func finerColors(fitting: FitKnobs, over larger: FitKnobs) -> FitKnobs? {
        guard var low = fitting.colors else { return nil }
        var high = larger.colors ?? Self.colorLevels[0]
        let sampled = Self.isSampled(frames: fitting.frames)
        let bytes = sampled ? calibrated : size
        var found: FitKnobs?
        while true {
            var passed: [(knobs: FitKnobs, guess: Int)] = []
            var top = high
            for _ in 0..<Self.finerSteps where top - low > 2 {
                let middle = (low + top) / 2
                var knobs = fitting
                knobs.colors = middle
                if let size = bytes(knobs), size <= limit {
                    low = middle
                    passed.append((knobs, size))
                } else {
                    top = middle
                }
            }
            guard let hit = passed.reversed().first(where: { (size(of: $0.knobs) ?? .max) <= limit }) else {
                return found
            }
            found = hit.knobs
            // The counts above it that passed did not fit in full: the next bisection stays under them.
            high = passed.first { $0.knobs.colors! > hit.knobs.colors! }?.knobs.colors ?? high
            low = hit.knobs.colors!
            guard sampled, let real = sizes[hit.knobs], Double(real) < Double(hit.guess) * (1 - Self.calibratedError)
            else { return found }
        }
    }

    /// Bisection steps between two palette levels: 24 to 32 colours is settled in 2, 128 to 192 within 8.
    static let finerSteps = 3

    /// The first of `count` indices that passes `test` (which, once passed, passes for every later index),
    /// by bisection; `count` when none does.
    private static func firstPassing(_ count: Int, _ test: (Int) -> Bool) -> Int {
        guard count > 0, !test(0) else { return 0 }
        // `high` is the first index known to pass, or the end when none is known yet.
        var (low, high) = (1, count)
        while low < high {
            let middle = (low + high) / 2
            if test(middle) { high = middle } else { low = middle + 1 }
        }
        return high
    }

    /// Frames an animation's sizes are estimated from.
    static let sampleFrames = 8

    /// Whether an animation's sizes are estimated from a sample of its frames before it is encoded in full.
    static func isSampled(frames: Int) -> Bool { frames > sampleFrames * 2 }

    /// The quick encoding's size of `image` as it is, estimated from `sampleFrames` frames spread over it when
    /// it is sampled (the fitter's test of whether the lossless step is hopeless). Nil if the encoder refuses it.
    static func estimatedSize(_ image: DecodedImage, as format: ImageFormat) -> Int? {
        guard isSampled(frames: image.frames.count) else {
            return (try? FitEncoding.estimate(image, as: format))?.count
        }
        var sample = image
        sample.frames = image.sampledFrames(sampleFrames).map { image.frames[$0] }
        return FitEncoding.scaledEstimate(sample, as: format, frames: image.frames.count)
    }

    /// How far over the limit an estimate from sampled frames may be and its setting still fit in full: a tenth
    /// before any full encoding of the file calibrated the estimates (most land within a few percent, a few
    /// a sixth over), a few percent after.
    static let uncalibratedError = 0.1
    static let calibratedError = 0.03

    /// Whether a setting's calibrated estimate is over the limit by more than the estimates err.
    private func wellOver(_ knobs: FitKnobs) -> Bool {
        guard let estimate = calibrated(knobs) else { return false }
        let error = lastScales[knobs.dithered] == nil ? Self.uncalibratedError : Self.calibratedError
        return Double(estimate) > Double(limit) * (1 + error)
    }

    /// A setting's bytes estimated from `sampleFrames` frames spread over the animation, scaled to all of them;
    /// its real size once that is known. Nil if the encoder refuses it.
    private func estimate(_ knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        if let known = estimates[knobs] { return known }
        let key = CellKey(geometry: knobs.geometry, frames: knobs.frames)
        let whole = cell(key)
        let picked = whole.image.sampledFrames(Self.sampleFrames)
        var sample = whole.image
        sample.frames = picked.map { whole.image.frames[$0] }
        work += knobs.geometry.width * knobs.geometry.height * picked.count
        if let colors = knobs.colors {
            let quantized = palettes(key.geometry).quantize(
                options(colors: colors, dithered: knobs.dithered), frames: picked.map { whole.kept[$0] })
            sample.frames = zip(quantized.images, sample.frames).map {
                AnimationFrame(image: $0, delayMs: $1.delayMs)
            }
        }
        guard let scaled = FitEncoding.scaledEstimate(sample, as: knobs.format, frames: whole.image.frames.count)
        else { return nil }
        estimates[knobs] = scaled
        return scaled
    }

    /// A setting's estimate corrected by how far the estimates of its cell (or, before any was encoded in
    /// full, of the last cell) were from their full encodings; its real size once that is known.
    private func calibrated(_ knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        let scale = scales[ScaleKey(knobs)] ?? lastScales[knobs.dithered] ?? 1
        return estimate(knobs).map { Int((Double($0) * scale).rounded(.up)) }
    }

    private func options(colors: Int, dithered: Bool) -> PaletteQuantizer.Options {
        PaletteQuantizer.Options(maxColors: colors, dithering: dithered ? .adaptive : .none)
    }

    private func size(of knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        guard let bytes = encode(knobs) else { return nil }
        sizes[knobs] = bytes.count
        if let guess = estimates[knobs] {
            let scale = Double(bytes.count) / Double(max(guess, 1))
            scales[ScaleKey(knobs)] = scale
            lastScales[knobs.dithered] = scale
        }
        if bytes.count <= limit { encoded[knobs] = bytes }
        smallest = min(smallest ?? .max, bytes.count)
        return bytes.count
    }

    /// The file for one setting, at the search's quicker effort; nil if the encoder refuses it.
    private func encode(_ knobs: FitKnobs) -> [UInt8]? {
        let pixels = knobs.geometry.width * knobs.geometry.height * knobs.frames
        guard work + pixels <= Self.workBudget || encodings == 0 else {
            exhausted = true
            return nil
        }
        work += pixels
        encodings += 1
        let image = image(for: knobs)
        if let quality = knobs.quality { return try? FitEncoding.encodeJPEG(image, quality: quality) }
        return try? FitEncoding.estimate(image, as: knobs.format)
    }

    /// The pixels of one setting: the cell's image, quantised when the setting has a palette.
    private func image(for knobs: FitKnobs) -> DecodedImage {
        let key = CellKey(geometry: knobs.geometry, frames: knobs.frames)
        let found = cell(key)
        var image = found.image
        if let colors = knobs.colors {
            let quantized = palettes(key.geometry).quantize(
                options(colors: colors, dithered: knobs.dithered), frames: found.kept)
            image.frames = zip(quantized.images, image.frames).map { AnimationFrame(image: $0, delayMs: $1.delayMs) }
        }
        return image
    }

    /// The source at the cell's size and frame count, and the indices among the source's frames of the frames
    /// it keeps; made once per cell.
    private func cell(_ key: CellKey) -> (image: DecodedImage, kept: [Int]) {
        if let current, current.key == key { return (current.image, current.kept) }
        current = nil
        // Frames are resized one by one, so fewer frames of the resized source are the same pixels.
        let sized = sizedImage(key.geometry)
        let kept = sized.keptFrames(key.frames)
        let image = sized.selecting(kept)
        current = (key, image, kept.map(\.index))
        return (image, kept.map(\.index))
    }

    /// Every frame of the source at one size, made once per size: each frame count there is a selection of it.
    private func sizedImage(_ geometry: OutputGeometry) -> DecodedImage {
        if let sized, sized.geometry == geometry { return sized.image }
        sized = nil
        let image = geometry.apply(to: source)
        sized = (geometry, image, nil)
        return image
    }

    /// The palette builder of one size, over all the source's frames there.
    private func palettes(_ geometry: OutputGeometry) -> PaletteBuilder {
        let image = sizedImage(geometry)
        if let builder = sized?.palettes { return builder }
        let builder = PaletteBuilder(frames: image.frames.map(\.image), mostColors: Self.colorLevels[0])
        sized?.palettes = builder
        return builder
    }

    /// The quick score of a cell's pixels as they are, resized and with fewer frames but before any palette
    /// or encoding, which only take more away.
    private func ceiling(_ key: CellKey) -> Double? {
        try? scorer.score(key.geometry.art(of: cell(key).image)).worst
    }

    /// The quick score of an undithered palette setting's pixels, before the encoding (which, for GIF, takes
    /// more away), from only the frames the scorer reads: without dithering each frame's pixels do not depend
    /// on the frames quantised before it.
    private func unencodedScore(_ knobs: FitKnobs) -> Double? {
        guard let colors = knobs.colors, !knobs.dithered else { return nil }
        let key = CellKey(geometry: knobs.geometry, frames: knobs.frames)
        let found = cell(key)
        var image = found.image
        let read = scorer.framesRead(candidateDelays: image.frames.map(\.delayMs))
        let quantized = palettes(key.geometry).quantize(
            options(colors: colors, dithered: false), frames: read.map { found.kept[$0] })
        for (position, index) in read.enumerated() { image.frames[index].image = quantized.image(frame: position) }
        return try? scorer.score(knobs.geometry.art(of: image)).worst
    }

    /// A fitting setting decoded back and scored; nil if it does not fit or its file does not decode. A setting
    /// encoded before `richer` raised the limit is encoded again: only files within the limit are kept.
    private func candidate(_ knobs: FitKnobs) -> FitCandidate? {
        guard let size = sizes[knobs], size <= limit, let bytes = encoded[knobs] ?? encode(knobs),
            let shown = try? ImageDecoder.decode(bytes, limits: options.limits),
            let score = try? scorer.score(knobs.geometry.art(of: shown))
        else { return nil }
        return FitCandidate(knobs: knobs, bytes: bytes, shown: shown, score: score)
    }
}
