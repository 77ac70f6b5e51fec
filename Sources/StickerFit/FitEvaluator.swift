import StickerImage
import StickerPalette
import StickerQuality

/// What one setting costs and how it looks: its size, encoded at the search's quick effort or estimated from
/// sampled frames, and, when it fits, its file decoded back and scored. Every answer is kept in the file's
/// `FitCache`, so the search's bisections and neighbours never encode a setting twice.
final class FitEvaluator {
    /// The most bytes a setting's quick encoding may take; raised only by the search's `richer`.
    var limit: Int
    let options: FitOptions
    let cache: FitCache
    /// A batch's idle workers, which the encodings and the search's full scores borrow while they last.
    let spare: SpareWorkers?
    /// The quick scorer of the source's frame count (`scorer(frames:)` for fewer).
    private let scorer: StickerScorer
    private(set) var budget: FitWorkBudget
    /// How far the estimates of a cell's settings were from their full encodings (full over estimate), by
    /// cell and style, and the last one found for each style: the sample's frames are the same for every
    /// setting of a cell, so its error is much the same for each, and dithered (or lossy) frames err alike.
    private var scales: [ScaleKey: Double] = [:]
    private var lastScales: [Style: Double] = [:]
    /// Each cell's `ceiling`, asked again when the search decides whether its smallest size was reached.
    private var ceilings: [FitCell: Double] = [:]
    /// The fewest bytes any encoded setting took.
    private(set) var smallest: Int?
    /// The first failure met, the setting counted as not fitting: when nothing fits, the fitter says so.
    private(set) var fault: FitStepError?

    /// What makes a sample's estimate err differently: dithering, lossy LZW and a palette a frame (which, on
    /// frames far apart, find less to leave unchanged).
    private struct Style: Hashable {
        var dithered: Bool
        var lossy: Bool
        var framePalettes: Bool

        init(_ knobs: FitKnobs) {
            dithered = knobs.dithered
            lossy = knobs.lossy > 0
            framePalettes = knobs.framePalettes
        }
    }

    private struct ScaleKey: Hashable {
        var cell: FitCell
        var style: Style

        init(_ knobs: FitKnobs) {
            cell = FitCell(knobs)
            style = Style(knobs)
        }
    }

    /// `cache`: the file's, which holds the source. `spare`: a batch's idle workers, which the encodings borrow
    /// while they last.
    init(cache: FitCache, limit: Int, options: FitOptions, budget: FitWorkBudget, spare: SpareWorkers? = nil)
        throws(StickerScoreError)
    {
        self.limit = limit
        self.options = options
        self.cache = cache
        self.budget = budget
        self.spare = spare
        scorer = try StickerScorer(source: cache.source, options: .quick)
    }

    /// A setting's size at the quick effort, encoded once; nil if the encoder refuses it, it fails or the
    /// work budget is spent.
    func size(of knobs: FitKnobs) -> Int? {
        if let known = cache.sizes[knobs] {
            cache.counts.sizes.hits += 1
            return known
        }
        guard let bytes = encode(knobs, counted: true) else { return nil }
        cache.counts.sizes.made += 1
        cache.sizes[knobs] = bytes.count
        if let guess = cache.estimates[knobs] {
            let scale = Double(bytes.count) / Double(max(guess, 1))
            scales[ScaleKey(knobs)] = scale
            lastScales[Style(knobs)] = scale
        }
        if bytes.count <= limit {
            cache.keptFiles.add(bytes, for: knobs)
            cache.everKept.insert(knobs)
        }
        smallest = min(smallest ?? .max, bytes.count)
        return bytes.count
    }

    /// A setting's size when it has been encoded, without encoding it.
    func knownSize(of knobs: FitKnobs) -> Int? { cache.sizes[knobs] }

    /// Whether a setting's calibrated estimate is over the limit by more than the estimates err.
    func wellOver(_ knobs: FitKnobs) -> Bool {
        guard let estimate = calibrated(knobs) else { return false }
        let error = lastScales[Style(knobs)] == nil ? FitSearchPlan.uncalibratedError : FitSearchPlan.calibratedError
        return Double(estimate) > Double(limit) * (1 + error)
    }

    /// A setting's estimate corrected by how far the estimates of its cell (or, before any was encoded in
    /// full, of the last cell) were from their full encodings; its real size once that is known.
    func calibrated(_ knobs: FitKnobs) -> Int? {
        if let known = cache.sizes[knobs] { return known }
        let scale = scales[ScaleKey(knobs)] ?? lastScales[Style(knobs)] ?? 1
        return estimate(knobs).map { Int((Double($0) * scale).rounded(.up)) }
    }

    /// A setting's bytes estimated from `sampleFrames` frames spread over the animation, scaled to all of them;
    /// its real size once that is known. Nil if the encoder refuses it or fails.
    private func estimate(_ knobs: FitKnobs) -> Int? {
        if let known = cache.sizes[knobs] { return known }
        if let known = cache.estimates[knobs] {
            cache.counts.estimates.hits += 1
            return known
        }
        let key = FitCell(knobs)
        let whole = cache.cells.cell(key)
        let picked = whole.sampledFrames(FitSearchPlan.sampleFrames)
        var sample = whole.sample(FitSearchPlan.sampleFrames)
        budget.spend(knobs.geometry.width * knobs.geometry.height * picked.count)
        sample = cache.cells.paletted(sample, kept: picked, knobs: knobs, remembered: false)
        let scaled: Int
        do {
            scaled = try FitEncoding.scaledEstimate(
                sample, as: knobs.format, frames: whole.frames.count, lossy: knobs.lossy, memo: cache.deflate)
        } catch {
            noteUnlessRefused(error)
            return nil
        }
        cache.counts.estimates.made += 1
        cache.estimates[knobs] = scaled
        return scaled
    }

    /// A cell's pixels, resized and with its frames, before any palette or encoding.
    func pixels(_ key: FitCell) -> DecodedImage { cache.cells.cell(key) }

    /// The quick score of a cell's pixels as they are, resized and with fewer frames but before any palette
    /// or encoding, which only take more away.
    func ceiling(_ key: FitCell) -> Double? {
        if let known = ceilings[key] { return known }
        do {
            let worst = try scorer(frames: key.frames).score(key.geometry.art(of: cache.cells.cell(key))).worst
            ceilings[key] = worst
            return worst
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// `candidate`'s setting in `format` when that shows the very pixels `candidate`, an exact palette GIF, shows (the
    /// same palette, every pixel clear or opaque, every frame: none merged for GIF's shortest delay): it scores the
    /// same, and only its bytes differ. Nil otherwise.
    func alike(of candidate: FitCandidate, as format: ImageFormat) -> FitKnobs? {
        var same = candidate.knobs
        same.format = format
        guard candidate.knobs.format == .gif, candidate.knobs.lossy == 0,
            candidate.shown.frames.count == pixels(FitCell(same)).frames.count,
            cache.cells.showsNoTranslucency(same)
        else { return nil }
        return same
    }

    /// The quick score of an undithered palette setting's file, from its pixels before any encoding: an exact GIF
    /// shows them with its alpha cut, an APNG as they are. Only the frames the scorer reads are quantised: without
    /// dithering each frame's pixels do not depend on the frames quantised before it (nor, with one palette for
    /// all, on those frames' colours). Nil for a setting that is dithered, lossy or not a palette.
    func plainScore(_ knobs: FitKnobs) -> StickerScore? {
        guard let colors = knobs.colors, !knobs.dithered, !knobs.framePalettes, knobs.lossy == 0 else { return nil }
        let key = FitCell(knobs)
        var image = cache.cells.cell(key)
        let scorer = scorer(frames: knobs.frames)
        let read = scorer.framesRead(candidateDelays: image.frames.map(\.delayMs))
        let quantized = cache.cells.palettes(key).quantize(
            FitCellImages.options(colors: colors, dithered: false), frames: read)
        for (position, index) in read.enumerated() {
            let pixels = quantized.image(frame: position)
            image.frames[index].image = FitEncoding.shown(pixels, as: knobs.format)
        }
        do {
            return try scorer.score(knobs.geometry.art(of: image))
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// How much higher the quick score of `knobs`' cell is with a palette a frame than with one for all, both of
    /// `knobs`' colours (256 without), dithered and not encoded: a cheap look at whether the frames' colours
    /// differ enough for local tables to pay. Only the frames the scorer reads are quantised, each whole, so the
    /// pixels a frame would carry from the one before count at its own palette.
    func framePaletteGain(_ knobs: FitKnobs) -> Double? {
        let key = FitCell(knobs)
        let found = cache.cells.cell(key)
        let scorer = scorer(frames: knobs.frames)
        let read = scorer.framesRead(candidateDelays: found.frames.map(\.delayMs))
        let options = FitCellImages.options(colors: knobs.colors ?? FitSearchPlan.colorLevels[0], dithered: true)
        let shared = cache.cells.palettes(key).quantize(options, frames: read)
        var (one, own) = (found, found)
        for (position, index) in read.enumerated() {
            one.frames[index].image = shared.image(frame: position)
            own.frames[index].image = FramePalettes.quantize([found.frames[index].image], options: options)[0]
        }
        do {
            let art = knobs.geometry.art(of:)
            return try scorer.score(art(own)).worst - scorer.score(art(one)).worst
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// A fitting setting decoded back and scored; nil if it does not fit, or its file does not decode or score
    /// (noted). A file not kept is encoded again: one encoded before `richer` raised the limit counts against the work
    /// budget as another encoding, one dropped past the cache's budget does not (it counted when first encoded).
    func candidate(_ knobs: FitKnobs) -> FitCandidate? {
        guard let size = cache.sizes[knobs], size <= limit,
            let bytes = cache.keptFiles[knobs] ?? encode(knobs, counted: !cache.everKept.contains(knobs))
        else { return nil }
        let shown: DecodedImage
        do {
            shown = try ImageDecoder.decode(bytes, limits: options.limits)
        } catch {
            note(.decoding(error))
            return nil
        }
        if let known = cache.quickScores[knobs] {
            cache.counts.quickScores.hits += 1
            return FitCandidate(knobs: knobs, bytes: bytes, shown: shown, score: known)
        }
        do {
            let score = try scorer(frames: knobs.frames).score(knobs.geometry.art(of: shown))
            cache.counts.quickScores.made += 1
            cache.quickScores[knobs] = score
            return FitCandidate(knobs: knobs, bytes: bytes, shown: shown, score: score)
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// The file for one setting, at the search's quicker effort; nil when the work budget is spent, or the
    /// encoder refuses the setting or fails. `counted`: the encoding counts against the work budget.
    private func encode(_ knobs: FitKnobs, counted: Bool) -> [UInt8]? {
        let pixels = knobs.geometry.width * knobs.geometry.height * knobs.frames
        guard !counted || budget.allowsEncoding(of: pixels) else { return nil }
        let image = cache.cells.image(for: knobs)
        let memo = cache.deflate
        // An APNG's frames are compressed on any idle workers of the batch (the same bytes); GIF and JPEG use one.
        let apng = knobs.format != .gif && knobs.quality == nil
        do {
            return try SpareWorkers.run(spare, upTo: apng ? image.frames.count - 1 : 0) {
                threads throws(EncodeError) in
                if let quality = knobs.quality { return try FitEncoding.encodeJPEG(image, quality: quality) }
                return try FitEncoding.estimate(
                    image, as: knobs.format, lossy: knobs.lossy, threads: threads, memo: memo)
            }
        } catch {
            noteUnlessRefused(error)
            return nil
        }
    }

    /// Notes an encoder's failure as the search's fault, unless it is the encoder refusing the setting: a format
    /// that cannot hold it (a GIF side over 65535 px) or a file past the decode limits, which our decoder would
    /// not open again. No size is then the setting's answer, and another setting may be smaller.
    private func noteUnlessRefused(_ error: EncodeError) {
        switch error {
        case .unsupportedImage, .limitExceeded: return
        case .invalidImage, .libraryFailed: note(.encoding(error))
        }
    }

    /// The quick scorer for candidates of `frames` frames. With fewer frames than the source it also reads
    /// some of the dropped frames shown longest by another: the evenly spread frames the quick score reads may
    /// all be kept ones, and it would then not see what dropping frames costs. It scores the same frames as the
    /// source's scorer and more, of the same source, so it cannot fail where that one was made.
    private func scorer(frames: Int) -> StickerScorer {
        let source = cache.source
        guard frames < source.frames.count else { return scorer }
        if let known = cache.scorers[frames] { return known }
        let dropped = source.droppedFramesToScore(keeping: frames)
        let made: StickerScorer
        do {
            made = try StickerScorer(source: source, options: .quick, alsoScoring: dropped)
        } catch {
            // Unreachable as said above; the source's own scorer still scores every kept frame.
            note(.scoring(error))
            made = scorer
        }
        cache.scorers[frames] = made
        return made
    }

    /// Notes a failure met on the way (the first is kept).
    func note(_ found: FitStepError) {
        if fault == nil { fault = found }
    }
}
