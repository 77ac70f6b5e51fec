import StickerImage
import StickerQuality

/// One file over the limit, or with sides out of 300-618 px, re-encoded: lossless first, then the search, then the
/// final step; the result says what came of it, or what failed, as it happened.
struct FitRefit {
    let path: String
    let input: [UInt8]
    let before: FitFacts
    let options: FitOptions
    let keepPreview: Bool
    let spare: SpareWorkers?

    /// What the lossless step gives: its steps, and its file when that fits.
    private struct Lossless {
        var steps: [String] = []
        var fitting: [UInt8]?
        var bytes: Int?
        /// Whether the untouched setting is known not to fit, so the search need not try it.
        var tried = false
    }

    func run(_ cache: FitCache) -> FitResult {
        let image = cache.source
        let geometry = OutputGeometry.base(width: image.width, height: image.height, sizeClass: options.sizeClass)
        let grows = geometry.width > image.width || geometry.height > image.height
        // Never larger than the input, unless a side had to grow to 300 px.
        let limit = grows ? options.byteLimit : min(options.byteLimit, input.count)
        let format = image.format == .apng ? ImageFormat.png : image.format
        let untouched = FitKnobs(geometry: geometry, frames: image.frames.count, format: format)
        let sameSize = geometry.width == image.width && geometry.height == image.height
        var lossless = sameSize ? losslessStep(cache, limit: limit, as: format) : Lossless()
        let finish = FitFinish(cache: cache, limit: limit, options: options, spare: spare)
        // Settings the search encoded, its final step's richer settings included.
        var searched: FitSearch?
        var candidates: Int { searched?.encodings ?? 0 }
        let final: FitFinish.Final
        do {
            if let fitting = lossless.fitting {
                final = try finish.finish(lossless: fitting, knobs: untouched)
            } else {
                // The search (and the scorer it prepares) only when the lossless step does not fit.
                let search: FitSearch
                do {
                    let budget = options.searchEverything ? FitWorkBudget(limit: .max) : FitWorkBudget()
                    search = try FitSearch(cache: cache, limit: limit, options: options, budget: budget, spare: spare)
                } catch {
                    return failed(.unscorable(error))
                }
                searched = search
                let skip = lossless.tried ? untouched : nil
                let outcome = search.best(base: geometry, skip: skip)
                switch outcome {
                case .found(let found):
                    // The lossless steps were not what was kept.
                    lossless.steps = []
                    final = try finish.finish(found, from: search, skip: skip)
                case .nothingFits(let fault), .budgetSpent(let fault):
                    let smallest = [lossless.bytes, search.smallest].compactMap { $0 }.min()
                    var stoppedAfter: Int?
                    if case .budgetSpent = outcome { stoppedAfter = search.encodings }
                    // A failure met on the way may be why nothing fits: the reason names it, the hint says what to do.
                    let failure = FitFailure.nothingFits(
                        limit: limit, smallest: smallest, workLimitAfter: stoppedAfter, fault: fault,
                        hint: StickerFitter.moreHint(options, for: image))
                    return failed(failure, candidates: candidates)
                }
            }
        } catch {
            return failed(.finalStep(error), candidates: candidates)
        }
        var result = result(final, image: image, limit: limit, losslessSteps: lossless.steps, candidates: candidates)
        if options.reportFinalists, let searched {
            result = result.listing(searched.finalistsReport(written: final.knobs))
        }
        return result
    }

    /// The lossless step, unless it is hopeless: a file more than twice the limit whose quick re-encoding (of
    /// sampled frames, for a long animation) is still over twice the limit cannot come within it losslessly (the
    /// full effort saves a tenth or two, not half), and the lossless step is the slowest single encode of a long
    /// animation.
    private func losslessStep(_ cache: FitCache, limit: Int, as format: ImageFormat) -> Lossless {
        if input.count > 2 * limit {
            do {
                // The quick encoding's size, estimated from sampled frames when the animation is sampled (unsampled,
                // the sample is every frame and the scaled size is the size itself).
                let image = cache.source
                let sample =
                    FitSearchPlan.isSampled(frames: image.frames.count)
                    ? image.sample(FitSearchPlan.sampleFrames) : image
                let quick = try FitEncoding.scaledEstimate(
                    sample, as: format, frames: image.frames.count, memo: cache.deflate)
                if quick > 2 * limit { return Lossless(tried: true) }
            } catch {
                // The quick encoder cannot tell: the lossless step is tried, and the search notes any failure.
            }
        }
        do {
            let optimized = try FitEncoding.optimize(input, decoded: cache.source, limits: options.limits)
            let fits = optimized.bytes.count <= limit
            return Lossless(
                steps: optimized.steps, fitting: fits ? optimized.bytes : nil, bytes: optimized.bytes.count, tried: true
            )
        } catch {
            // A file the lossless step cannot rewrite (a chunk it cannot parse) still has its pixels: the search
            // re-encodes them, and the untouched setting is tried there.
            return Lossless()
        }
    }

    /// The final file as the report tells it: fitted, or flagged under --min-quality.
    private func result(
        _ final: FitFinish.Final, image: DecodedImage, limit: Int, losslessSteps: [String], candidates: Int
    ) -> FitResult {
        let shown = final.shown
        var output = FitOutput(
            path: path, before: before, after: FitFacts(shown, bytes: final.bytes.count), knobs: final.knobs,
            frameRate: FitFrameRate(final.knobs, source: image, shown: shown), losslessSteps: losslessSteps,
            lossySteps: StickerFitter.describe(final.knobs, source: image, shown: shown),
            score: final.score, candidates: candidates,
            outputName: StickerFitter.outputName(path, format: shown.format), bytes: final.bytes)
        if keepPreview {
            // The worst moment, as the full score found it: that source frame and the output frame shown with it.
            let worst = final.score.worstFrame
            let shownWith = FrameTimeline.candidateFrames(
                sourceDelays: image.frames.map(\.delayMs), candidateDelays: shown.frames.map(\.delayMs))
            output.preview = (image.frames[worst].image, shown.frames[shownWith[worst]].image)
        }
        guard final.score.worst >= options.minQuality else {
            // The best within the limit, written for a person to judge (--in-place keeps the input), flagged.
            let hint =
                "look at it before you use it (--preview FILE draws it beside the original); "
                + StickerFitter.moreHint(options, for: image) + StickerFitter.acceptHint(final.score.worst)
            let shortfall = FitShortfall(
                limit: limit, minQuality: options.minQuality, worst: final.score.worst, hint: hint)
            return .belowMinQuality(output, shortfall)
        }
        return .fitted(output)
    }

    private func failed(_ failure: FitFailure, candidates: Int = 0) -> FitResult {
        .failed(FitFailed(path: path, failure: failure, before: before, candidates: candidates))
    }
}
