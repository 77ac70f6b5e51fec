import StickerImage
import StickerQuality

/// The chosen file made final: scored in full (every frame, at up to 618 px) and, when the search found it,
/// encoded again at full effort. That encoding is smaller than the search's quick one (a tenth, for PNG), so
/// the bytes it frees under the limit are offered to a richer setting of the same size and frames, which is
/// kept when it ranks higher at full size (as the search's finalists are ranked) and fits at full effort; unless
/// the choice lost nothing a richer setting could give back, or already scores `richEnough`.
struct FitFinish {
    /// The file's cache: its source, and the run's zlib streams for the full-effort encodings.
    let cache: FitCache
    var source: DecodedImage { cache.source }
    let limit: Int
    let options: FitOptions
    /// A batch's idle workers, which the full scores and full-effort encodings borrow while they last.
    let spare: SpareWorkers?
    /// SSIMULACRA2's 90: a file that cannot be told from its source flipping between them. A richer setting is not
    /// looked for above it, where more colours buy nothing a person sees.
    var richEnough = 90.0

    struct Final {
        var bytes: [UInt8]
        var knobs: FitKnobs
        var shown: DecodedImage
        var score: StickerScore
    }

    /// A richer setting is looked for only when the full effort saved more than this share of the bytes, and
    /// ranked and encoded at full effort only when its quick score gains this much: the quick score's gains carry
    /// over to the full score's, and a smaller one does not repay the slowest steps of a file.
    static let worthwhileSaving = 0.02
    static let worthwhileGain = 0.5
    /// Richer settings encoded at full effort: a second only when the first did not fit, under a quick limit its
    /// own saving corrected.
    static let richerTries = 2
    /// A quick limit no file reaches (a gigabyte), where the saving would raise the limit past `Int`.
    static let mostBytes = 1 << 30

    /// The lossless step's file: already at full effort.
    func finish(lossless bytes: [UInt8], knobs: FitKnobs) throws(FitStepError) -> Final {
        let shown = try decoded(bytes)
        return Final(bytes: bytes, knobs: knobs, shown: shown, score: try fullScore(shown, knobs))
    }

    /// The search's candidate. `skip` is the setting the search was told not to try. Throws when a full-effort file
    /// cannot be made or decoded, or the file kept cannot be scored.
    func finish(_ found: FitCandidate, from search: FitSearch, skip: FitKnobs?) throws(FitStepError) -> Final {
        // Every candidate is written (under --min-quality too, flagged), so every one gets the full effort.
        let format = found.knobs.format
        let ranking = search.ranking
        guard FitEncoding.hasQuickerEffort(format) else { return try scored(found.bytes, found, ranking: ranking) }
        // A long animation's saving is measured on sampled frames (when a richer setting is offered it): its
        // full-effort encoding (for APNG the slowest deflate of every frame, a tenth of fit's time) is then made
        // only when no richer setting is kept.
        let sampled = FitSearchPlan.isSampled(frames: found.shown.frames.count)
        var full = sampled ? nil : try fullEffort(found.shown, as: format, under: found.bytes.count)
        // Only a file that lost something (a palette, or a lossy GIF's loss) can be made richer, and only one that
        // scores under `richEnough` at full size (on the ranking's eight frames: the full score is no higher).
        let lost = found.knobs.colors != nil || found.knobs.lossy > 0
        let offered = lost && (ranking?.score(found)?.worst ?? -.infinity) < richEnough
        var ratio = 1.0
        if offered {
            ratio =
                sampled
                ? try sampledSaving(found.shown, as: format)
                : Double(full?.count ?? found.bytes.count) / Double(found.bytes.count)
        }
        // The richer setting is judged as the search judged its finalists (at full size, on their frames), so only
        // the setting kept is scored in full; and encoded at full effort before that, as it may then not fit.
        // A limit past any file's size (--byte-limit is unbounded) is not raised: the search found the best already.
        var quickLimit = Int(min(Double(limit) / ratio, Double(Self.mostBytes)))
        for _ in 0..<Self.richerTries where ratio < 1 - Self.worthwhileSaving && quickLimit > limit {
            guard let richer = search.richer(than: found, quickLimit: quickLimit, skip: skip),
                richer.score.worst >= found.score.worst + Self.worthwhileGain,
                ranking?.ranks(richer, above: found) == true
            else { break }
            let bytes = try fullEffort(richer.shown, as: richer.knobs.format)
            if bytes.count <= limit {
                // The search's best, when confirmed by its full score, gives way only to a higher full score.
                let kept = try scored(bytes, richer, ranking: ranking)
                if let confirmed = cache.fullScores[found.knobs], kept.score.worst < confirmed.worst { break }
                return kept
            }
            // Its full effort saved less than the sample said (earth-disc: 150 colours missed, where 128 fit): its own
            // saving sets the limit the next search of richer settings ranks under.
            quickLimit = limit * richer.bytes.count / bytes.count
        }
        if sampled { full = try fullEffort(found.shown, as: format, under: found.bytes.count) }
        return try scored(full ?? found.bytes, found, ranking: ranking)
    }

    /// `bytes`, the file of `candidate`, with its full score: the one the search's `ranking` computed or now computes
    /// (reading its own frames' scores), else computed here.
    private func scored(_ bytes: [UInt8], _ candidate: FitCandidate, ranking: FitFinalists?) throws(FitStepError)
        -> Final
    {
        let score: StickerScore
        if let ranking {
            do {
                score = try ranking.fullScore(candidate, spare: spare)
            } catch {
                throw .scoring(error)
            }
        } else {
            score = try fullScore(candidate.shown, candidate.knobs)
        }
        return Final(bytes: bytes, knobs: candidate.knobs, shown: candidate.shown, score: score)
    }

    /// The full effort's size over the quick one's on `shown`'s sampled frames (1 when it saves nothing).
    private func sampledSaving(_ shown: DecodedImage, as format: ImageFormat) throws(FitStepError) -> Double {
        let sample = shown.sample(FitSearchPlan.sampleFrames)
        let memo = cache.deflate
        do {
            let quick = try FitEncoding.estimate(sample, as: format, memo: memo)
            let full = try SpareWorkers.run(spare, upTo: sample.frames.count - 1) { threads throws(EncodeError) in
                try FitEncoding.encode(sample, as: format, threads: threads, memo: memo)
            }
            return min(1, Double(full.count) / Double(quick.count))
        } catch {
            throw .encoding(error)
        }
    }

    /// `shown` encoded at full effort, when that takes fewer than `count` bytes.
    private func fullEffort(_ shown: DecodedImage, as format: ImageFormat, under count: Int) throws(FitStepError)
        -> [UInt8]?
    {
        let full = try fullEffort(shown, as: format)
        return full.count < count ? full : nil
    }

    /// `shown` encoded at full effort; a file that fits must show exactly the same frames.
    private func fullEffort(_ shown: DecodedImage, as format: ImageFormat) throws(FitStepError) -> [UInt8] {
        let memo = cache.deflate
        let full: [UInt8]
        do {
            full = try SpareWorkers.run(spare, upTo: shown.frames.count - 1) { threads throws(EncodeError) in
                try FitEncoding.encode(shown, as: format, threads: threads, memo: memo)
            }
        } catch {
            throw .encoding(error)
        }
        guard full.count <= limit else { return full }
        guard try decoded(full).frames == shown.frames else {
            throw .decoding(.malformed("its full-effort file does not show the frames of its quick one"))
        }
        return full
    }

    private func decoded(_ bytes: [UInt8]) throws(FitStepError) -> DecodedImage {
        do {
            return try ImageDecoder.decode(bytes, limits: options.limits)
        } catch {
            throw .decoding(error)
        }
    }

    /// Every frame scored against the source, spread over any idle workers of the batch.
    private func fullScore(_ shown: DecodedImage, _ knobs: FitKnobs) throws(FitStepError) -> StickerScore {
        do {
            return try FitFinalists.scoredInFull(
                knobs.geometry.art(of: shown), source: source, known: nil, spare: spare)
        } catch {
            throw .scoring(error)
        }
    }
}
