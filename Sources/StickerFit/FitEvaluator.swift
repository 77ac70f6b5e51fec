import StickerImage
import StickerPalette
import StickerQuality

/// What one setting costs and how it looks: its size, encoded at the search's quick effort or estimated from
/// sampled frames, and, when it fits, its file decoded back and scored. Every answer is cached for the file,
/// so the search's bisections and neighbours never encode a setting twice.
final class FitEvaluator {
    /// The most bytes a setting's quick encoding may take; raised only by the search's `richer`.
    var limit: Int
    let options: FitOptions
    private let spare: SpareWorkers?
    /// The quick scorer of the source's frame count, and of each smaller one (`scorer(frames:)`).
    private let scorer: StickerScorer
    private var fewerFramesScorers: [Int: StickerScorer] = [:]
    private var images: FitCellImages
    private(set) var budget: FitWorkBudget
    /// Encoded sizes by knobs, and the files of those within the limit.
    private var sizes: [FitKnobs: Int] = [:]
    private var encoded: [FitKnobs: [UInt8]] = [:]
    /// Sizes estimated from sampled frames, for settings not encoded in full.
    private var estimates: [FitKnobs: Int] = [:]
    /// How far the estimates of a cell's settings were from their full encodings (full over estimate), by
    /// cell and style, and the last one found for each style: the sample's frames are the same for every
    /// setting of a cell, so its error is much the same for each, and dithered (or lossy) frames err alike.
    private var scales: [ScaleKey: Double] = [:]
    private var lastScales: [Style: Double] = [:]
    /// The fewest bytes any encoded setting took.
    private(set) var smallest: Int?
    /// The first failure met, the setting counted as not fitting: when nothing fits, the fitter says so.
    private(set) var fault: FitSearch.Fault?

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

    /// `spare`: a batch's idle workers, which the encodings borrow while they last.
    init(source: DecodedImage, limit: Int, options: FitOptions, budget: FitWorkBudget, spare: SpareWorkers? = nil)
        throws(StickerScoreError)
    {
        self.limit = limit
        self.options = options
        self.budget = budget
        self.spare = spare
        images = FitCellImages(source: source)
        scorer = try StickerScorer(source: source, options: .quick)
    }

    /// A setting's size at the quick effort, encoded once; nil if the encoder refuses it, it fails or the
    /// work budget is spent.
    func size(of knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        guard let bytes = encode(knobs) else { return nil }
        sizes[knobs] = bytes.count
        if let guess = estimates[knobs] {
            let scale = Double(bytes.count) / Double(max(guess, 1))
            scales[ScaleKey(knobs)] = scale
            lastScales[Style(knobs)] = scale
        }
        if bytes.count <= limit { encoded[knobs] = bytes }
        smallest = min(smallest ?? .max, bytes.count)
        return bytes.count
    }

    /// A setting's size when it has been encoded, without encoding it.
    func knownSize(of knobs: FitKnobs) -> Int? { sizes[knobs] }

    /// Whether a setting's calibrated estimate is over the limit by more than the estimates err.
    func wellOver(_ knobs: FitKnobs) -> Bool {
        guard let estimate = calibrated(knobs) else { return false }
        let error = lastScales[Style(knobs)] == nil ? FitSearchPlan.uncalibratedError : FitSearchPlan.calibratedError
        return Double(estimate) > Double(limit) * (1 + error)
    }

    /// A setting's estimate corrected by how far the estimates of its cell (or, before any was encoded in
    /// full, of the last cell) were from their full encodings; its real size once that is known.
    func calibrated(_ knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        let scale = scales[ScaleKey(knobs)] ?? lastScales[Style(knobs)] ?? 1
        return estimate(knobs).map { Int((Double($0) * scale).rounded(.up)) }
    }

    /// A setting's bytes estimated from `sampleFrames` frames spread over the animation, scaled to all of them;
    /// its real size once that is known. Nil if the encoder refuses it or fails.
    private func estimate(_ knobs: FitKnobs) -> Int? {
        if let known = sizes[knobs] { return known }
        if let known = estimates[knobs] { return known }
        let key = FitCell(knobs)
        let whole = images.cell(key)
        let picked = whole.image.sampledFrames(FitSearchPlan.sampleFrames)
        var sample = whole.image.sample(FitSearchPlan.sampleFrames)
        budget.spend(knobs.geometry.width * knobs.geometry.height * picked.count)
        sample = images.paletted(sample, kept: picked.map { whole.kept[$0] }, knobs: knobs, remembered: false)
        let scaled: Int
        do {
            scaled = try FitEncoding.scaledEstimate(
                sample, as: knobs.format, frames: whole.image.frames.count, lossy: knobs.lossy)
        } catch {
            noteUnlessRefused(error)
            return nil
        }
        estimates[knobs] = scaled
        return scaled
    }

    /// A cell's pixels, resized and with its frames, before any palette or encoding.
    func pixels(_ key: FitCell) -> DecodedImage { images.cell(key).image }

    /// The quick score of a cell's pixels as they are, resized and with fewer frames but before any palette
    /// or encoding, which only take more away.
    func ceiling(_ key: FitCell) -> Double? {
        do {
            return try scorer(frames: key.frames).score(key.geometry.art(of: images.cell(key).image)).worst
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// `candidate`'s setting in `format` when that shows the very pixels `candidate`, an exact palette GIF, shows (the
    /// same palette, every pixel clear or opaque): it scores the same, and only its bytes differ. Nil otherwise.
    func alike(of candidate: FitCandidate, as format: ImageFormat) -> FitKnobs? {
        var same = candidate.knobs
        same.format = format
        guard candidate.knobs.format == .gif, candidate.knobs.lossy == 0, images.showsNoTranslucency(same) else {
            return nil
        }
        return same
    }

    /// The quick score of an undithered palette setting's file, from its pixels before any encoding: an exact GIF
    /// shows them with its alpha cut, an APNG as they are. Only the frames the scorer reads are quantised: without
    /// dithering each frame's pixels do not depend on the frames quantised before it (nor, with one palette for
    /// all, on those frames' colours). Nil for a setting that is dithered, lossy or not a palette.
    func plainScore(_ knobs: FitKnobs) -> StickerScore? {
        guard let colors = knobs.colors, !knobs.dithered, !knobs.framePalettes, knobs.lossy == 0 else { return nil }
        let key = FitCell(knobs)
        let found = images.cell(key)
        var image = found.image
        let scorer = scorer(frames: knobs.frames)
        let read = scorer.framesRead(candidateDelays: image.frames.map(\.delayMs))
        let quantized = images.palettes(key.geometry).quantize(
            FitCellImages.options(colors: colors, dithered: false), frames: read.map { found.kept[$0] })
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
        let found = images.cell(key)
        let scorer = scorer(frames: knobs.frames)
        let read = scorer.framesRead(candidateDelays: found.image.frames.map(\.delayMs))
        let options = FitCellImages.options(colors: knobs.colors ?? FitSearchPlan.colorLevels[0], dithered: true)
        let shared = images.palettes(key.geometry).quantize(options, frames: read.map { found.kept[$0] })
        var (one, own) = (found.image, found.image)
        for (position, index) in read.enumerated() {
            one.frames[index].image = shared.image(frame: position)
            own.frames[index].image = FramePalettes.quantize([found.image.frames[index].image], options: options)[0]
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
    /// (noted). A setting encoded before `richer` raised the limit is encoded again: only files within the
    /// limit are kept.
    func candidate(_ knobs: FitKnobs) -> FitCandidate? {
        guard let size = sizes[knobs], size <= limit, let bytes = encoded[knobs] ?? encode(knobs) else { return nil }
        let shown: DecodedImage
        do {
            shown = try ImageDecoder.decode(bytes, limits: options.limits)
        } catch {
            note(.decoding(error))
            return nil
        }
        do {
            let score = try scorer(frames: knobs.frames).score(knobs.geometry.art(of: shown))
            return FitCandidate(knobs: knobs, bytes: bytes, shown: shown, score: score)
        } catch {
            note(.scoring(error))
            return nil
        }
    }

    /// The file for one setting, at the search's quicker effort; nil when the work budget is spent, or the
    /// encoder refuses the setting or fails.
    private func encode(_ knobs: FitKnobs) -> [UInt8]? {
        guard budget.allowsEncoding(of: knobs.geometry.width * knobs.geometry.height * knobs.frames) else {
            return nil
        }
        let image = images.image(for: knobs)
        // An APNG's frames are compressed on any idle workers of the batch (the same bytes); GIF and JPEG use one.
        let apng = knobs.format != .gif && knobs.quality == nil
        let encoded = SpareWorkers.run(spare, upTo: apng ? image.frames.count - 1 : 0) { threads in
            Result { () throws(EncodeError) in
                if let quality = knobs.quality { return try FitEncoding.encodeJPEG(image, quality: quality) }
                return try FitEncoding.estimate(image, as: knobs.format, lossy: knobs.lossy, threads: threads)
            }
        }
        switch encoded {
        case .success(let bytes): return bytes
        case .failure(let error):
            noteUnlessRefused(error)
            return nil
        case nil: return nil
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

    /// The quick encoding's size of `image` as it is, estimated from `sampleFrames` frames spread over it when
    /// it is sampled (the fitter's test of whether the lossless step is hopeless). Nil if the encoder refuses
    /// it or fails: the lossless step is then tried, and the search after it notes any failure.
    static func estimatedSize(_ image: DecodedImage, as format: ImageFormat) -> Int? {
        let sample =
            FitSearchPlan.isSampled(frames: image.frames.count) ? image.sample(FitSearchPlan.sampleFrames) : image
        // Unsampled, the sample is every frame and the scaled size is the size itself.
        return try? FitEncoding.scaledEstimate(sample, as: format, frames: image.frames.count)
    }

    /// The quick scorer for candidates of `frames` frames. With fewer frames than the source it also reads
    /// some of the dropped frames shown longest by another: the evenly spread frames the quick score reads may
    /// all be kept ones, and it would then not see what dropping frames costs.
    private func scorer(frames: Int) -> StickerScorer {
        let source = images.source
        guard frames < source.frames.count else { return scorer }
        if let known = fewerFramesScorers[frames] { return known }
        let dropped = source.droppedFramesToScore(keeping: frames)
        let made = (try? StickerScorer(source: source, options: .quick, alsoScoring: dropped)) ?? scorer
        fewerFramesScorers[frames] = made
        return made
    }

    private func note(_ found: FitSearch.Fault) {
        if fault == nil { fault = found }
    }
}
