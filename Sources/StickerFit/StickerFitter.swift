import Foundation
import StickerCatalog
import StickerImage
import StickerQuality
import StickerSupport

/// Fits one file in memory: what it should become, never written here (see `FitWriter`).
public enum StickerFitter {
    /// `keepPreview`: keep a frame before and after, for a contact sheet: the one scored worst, or the first.
    public static func fit(_ path: String, options: FitOptions, keepPreview: Bool = false) -> FitResult {
        fit(path, options: options, keepPreview: keepPreview, spare: nil)
    }

    /// `spare`: a batch's idle workers, which the final score borrows while they last.
    static func fit(_ path: String, options: FitOptions, keepPreview: Bool, spare: SpareWorkers?) -> FitResult {
        let start = Date()
        var result = fitTimed(path, options: options, keepPreview: keepPreview, spare: spare)
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    private static func fitTimed(_ path: String, options: FitOptions, keepPreview: Bool, spare: SpareWorkers?)
        -> FitResult
    {
        let input: [UInt8]
        let image: DecodedImage
        do {
            input = try ImageDecoder.readFile(at: path, limits: options.limits)
            image = try ImageDecoder.decode(input, limits: options.limits)
        } catch {
            return failure(path, reason: error.description, hint: error.hint)
        }
        var result = FitResult(path: path, outcome: .unchanged)
        result.before = FitFacts(image, bytes: input.count)
        if keepPreview { result.previewBefore = image.frames[0].image }
        let faults = FitFaults(path: path, byteCount: input.count, image: image, byteLimit: options.byteLimit)
        if !faults.bytes && !faults.sides {
            // Only the name (if anything) is wrong: the bytes stay as they are.
            result.outcome = faults.name ? .renamed : .unchanged
            result.outputName = outputName(path, format: image.format)
            result.after = result.before
            result.previewAfter = result.previewBefore
            return result
        }
        return refit(path, input: input, image: image, options: options, into: result, spare: spare)
    }

    /// Re-encodes a file over the limit or with sides out of 300-618 px: lossless first, then the search.
    private static func refit(
        _ path: String, input: [UInt8], image: DecodedImage, options: FitOptions, into start: FitResult,
        spare: SpareWorkers?
    ) -> FitResult {
        var result = start
        let geometry = OutputGeometry.base(width: image.width, height: image.height, sizeClass: options.sizeClass)
        let grows = geometry.width > image.width || geometry.height > image.height
        // Never larger than the input, unless a side had to grow to 300 px.
        let limit = grows ? options.byteLimit : min(options.byteLimit, input.count)
        let format = image.format == .apng ? ImageFormat.png : image.format
        let untouched = FitKnobs(geometry: geometry, frames: image.frames.count, format: format)
        // The lossless step's file when it fits, else the search's candidate.
        var lossless: [UInt8]?
        var smallest = Int.max
        // Whether the untouched setting is known not to fit, so the search need not try it.
        var untouchedTried = false
        // A file more than twice the limit whose quick re-encoding (of sampled frames, for a long animation)
        // is still over twice the limit cannot come within it losslessly (the full effort saves a tenth or
        // two, not half): the lossless step, the slowest single encode of a long animation, is skipped.
        let sameSize = geometry.width == image.width && geometry.height == image.height
        if sameSize, input.count > 2 * limit,
            let quick = FitEvaluator.estimatedSize(image, as: format),
            quick > 2 * limit
        {
            untouchedTried = true
        } else if sameSize, let optimized = try? FitEncoding.optimize(input, decoded: image, limits: options.limits) {
            result.losslessSteps = optimized.steps
            untouchedTried = true
            smallest = optimized.bytes.count
            if optimized.bytes.count <= limit { lossless = optimized.bytes }
        }
        let finish = FitFinish(source: image, limit: limit, options: options, spare: spare)
        let final: FitFinish.Final?
        if let lossless {
            final = finish.finish(lossless: lossless, knobs: untouched)
        } else {
            // The search (and the scorer it prepares) only when the lossless step does not fit.
            let search: FitSearch
            do {
                search = try FitSearch(source: image, limit: limit, options: options, spare: spare)
            } catch {
                return failure(path, reason: "it cannot be scored: \(error)", hint: "check the image has pixels")
            }
            let skip = untouchedTried ? untouched : nil
            let outcome = search.best(base: geometry, skip: skip)
            let found = outcome.candidate
            // The lossless steps were not what was kept.
            if found != nil { result.losslessSteps = [] }
            final = found.flatMap { finish.finish($0, from: search, skip: skip) }
            result.candidates = search.encodings
            smallest = min(smallest, search.smallest ?? .max)
            switch outcome {
            case .found: break
            case .nothingFits(let fault), .budgetSpent(let fault):
                var reason =
                    "no candidate fits in \(limit.grouped) bytes"
                    + (smallest == .max ? "" : "; the smallest tried was \(smallest.grouped) bytes")
                if case .budgetSpent = outcome {
                    reason += " (the search stopped at its work limit after \(search.encodings) candidates)"
                }
                // A failure met on the way may be why nothing fits: the reason names it, the hint says what to do.
                return failure(
                    path, reason: reason + (fault.map { "; \($0)" } ?? ""),
                    hint: fault?.hint ?? moreHint(options, for: image), candidates: search.encodings,
                    before: result.before)
            }
        }
        guard let final else {
            return failure(path, reason: "its re-encoded file does not decode", hint: "report this as a bug")
        }
        let shown = final.shown
        result.after = FitFacts(shown, bytes: final.bytes.count)
        result.score = final.score
        result.colors = final.knobs.colors
        result.dithered = final.knobs.colors.map { _ in final.knobs.dithered }
        result.framePalettes = final.knobs.colors.map { _ in final.knobs.framePalettes }
        result.jpegQuality = final.knobs.quality
        result.gifLossy = final.knobs.lossy > 0 ? final.knobs.lossy : nil
        result.lossySteps = describe(final.knobs, source: image, shown: shown)
        result.bytes = final.bytes
        result.outputName = outputName(path, format: shown.format)
        if result.previewBefore != nil {
            // The worst moment, as the full score found it: that source frame and the output frame shown with it.
            let worst = final.score.worstFrame
            let shownWith = FrameTimeline.candidateFrames(
                sourceDelays: image.frames.map(\.delayMs), candidateDelays: shown.frames.map(\.delayMs))
            result.previewBefore = image.frames[worst].image
            result.previewAfter = shown.frames[shownWith[worst]].image
        }
        guard final.score.worst >= options.minQuality else {
            // The best within the limit, written for a person to judge (--in-place keeps the input), flagged.
            result.outcome = .belowMinQuality
            result.reason =
                "the best candidate within \(limit.grouped) bytes scores "
                + String(format: "%.1f", final.score.worst) + " on its worst frame, under --min-quality "
                + String(format: "%g", options.minQuality)
            result.hint =
                "look at it before you use it (--preview FILE draws it beside the original); "
                + moreHint(options, for: image) + acceptHint(final.score.worst)
            return result
        }
        result.outcome = .fitted
        return result
    }

    /// The input's stem with the extension the format takes: its own when it already fits the content.
    static func outputName(_ path: String, format: ImageFormat) -> String {
        let name = (path as NSString).lastPathComponent
        let ext = ImageFormat.fileExtension(for: name, format: format)
        let current = (name as NSString).pathExtension
        if current.lowercased() == ext { return name }
        let stem =
            ImageFormat.readableExtensions.contains(current.lowercased())
            ? (name as NSString).deletingPathExtension : name
        return stem + "." + ext
    }

    /// The lossy steps of a setting, for people.
    static func describe(_ knobs: FitKnobs, source: DecodedImage, shown: DecodedImage) -> [String] {
        var steps: [String] = []
        let geometry = knobs.geometry
        if geometry.artWidth != source.width || geometry.artHeight != source.height {
            steps.append("\(source.width)x\(source.height) to \(geometry.artWidth)x\(geometry.artHeight) px")
        }
        if geometry.isPadded {
            steps.append("transparent margins to \(shown.width)x\(shown.height) px")
        }
        if shown.frames.count != source.frames.count {
            steps.append("\(shown.frames.count) of \(source.frames.count) frames, same duration")
        }
        if let colors = knobs.colors {
            let each = knobs.framePalettes ? " a frame" : ""
            steps.append("palette of \(colors) colours\(each)\(knobs.dithered ? ", dithered" : "")")
        }
        if knobs.lossy > 0 { steps.append("lossy GIF compression \(knobs.lossy)") }
        if let quality = knobs.quality { steps.append("JPEG quality \(quality)") }
        let before = source.format == .apng ? ImageFormat.png : source.format
        if knobs.format != before {
            let from = before.displayName
            steps.append("\(from) to \(shown.format.displayName): it scores higher within the limit than as \(from)")
        }
        return steps
    }

    /// What to try when nothing fits: the steps not yet allowed that could help this file, or a higher limit.
    static func moreHint(_ options: FitOptions, for image: DecodedImage) -> String {
        let allowed = options.allowed(for: image)
        let missing = LossyStep.allCases.filter { step in
            guard !allowed.contains(step) else { return false }
            switch step {
            case .palette: return image.format != .jpeg || allowed.contains(.format)
            case .frames: return image.isAnimated
            case .resize: return options.sizeClass == nil && max(image.width, image.height) > SizeClass.small.pixels
            case .quality: return image.format == .jpeg
            case .format: return image.format == .gif || image.format == .jpeg
            }
        }
        if missing.isEmpty { return "raise --byte-limit, or simplify the art (fewer frames, colours or detail)" }
        let all = allowed.union(missing).sorted().map(\.rawValue).joined(separator: ",")
        return "allow more lossy steps (--allow \(all)), or raise --byte-limit"
    }

    /// The --min-quality that would accept a refused candidate (its score rounded down to a whole number),
    /// when the option can go that low.
    static func acceptHint(_ worst: Double) -> String {
        let bar = worst.rounded(.down)
        return bar >= FitOptions.qualityRange.lowerBound
            ? ", or --min-quality \(Int(bar)) to accept this candidate" : ""
    }

    static func failure(
        _ path: String, reason: String, hint: String, candidates: Int = 0, before: FitFacts? = nil
    ) -> FitResult {
        var result = FitResult(path: path, outcome: .failed)
        result.reason = reason
        result.hint = hint
        result.candidates = candidates
        result.before = before
        return result
    }
}
