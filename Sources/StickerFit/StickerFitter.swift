import Foundation
import StickerCatalog
import StickerImage
import StickerQuality
import StickerSupport

/// Fits one file in memory: what it should become, never written here (see `FitWriter`).
public enum StickerFitter {
    /// `keepPreview`: keep a frame before and after, for a contact sheet: the one scored worst.
    public static func fit(_ path: String, options: FitOptions, keepPreview: Bool = false) -> FitResult {
        fit(path, options: options, keepPreview: keepPreview, deflate: FitCache.runMemo(), spare: nil).result
    }

    /// A run's zlib memo, for `fitCounting`'s files to share as a run's do.
    public static func runMemo() -> ZlibMemo { FitCache.runMemo() }

    /// `fit`, with how often each memo of the file's cache answered: for a bench, which may share `deflate` between
    /// files as a run does. Nil counts for a file that needed no search (it fits, or did not decode).
    public static func fitCounting(_ path: String, options: FitOptions, deflate: ZlibMemo)
        -> (result: FitResult, counts: FitCacheCounts?)
    {
        fit(path, options: options, keepPreview: false, deflate: deflate, spare: nil)
    }

    /// `deflate`: the run's zlib streams, shared by its files. `spare`: a batch's idle workers, which the final score
    /// borrows while they last.
    static func fit(
        _ path: String, options: FitOptions, keepPreview: Bool, deflate: ZlibMemo, spare: SpareWorkers?
    ) -> (result: FitResult, counts: FitCacheCounts?) {
        let start = Date()
        let (result, counts) = fitTimed(
            path, options: options, keepPreview: keepPreview, deflate: deflate, spare: spare)
        return (result.timed(Date().timeIntervalSince(start)), counts)
    }

    private static func fitTimed(
        _ path: String, options: FitOptions, keepPreview: Bool, deflate: ZlibMemo, spare: SpareWorkers?
    ) -> (FitResult, FitCacheCounts?) {
        let input: [UInt8]
        let image: DecodedImage
        do {
            input = try ImageDecoder.readFile(at: path, limits: options.limits)
            image = try ImageDecoder.decode(input, limits: options.limits)
        } catch {
            return (.failed(FitFailed(path: path, failure: .unreadable(error))), nil)
        }
        let before = FitFacts(image, bytes: input.count)
        let faults = FitFaults(path: path, byteCount: input.count, image: image, byteLimit: options.byteLimit)
        if !faults.bytes && !faults.sides {
            // Only the name (if anything) is wrong: the bytes stay as they are.
            let kept = FitKept(path: path, facts: before, outputName: outputName(path, format: image.format))
            return (faults.name ? .renamed(kept) : .unchanged(kept), nil)
        }
        // The file's cache lives as long as its fit: nothing of it is kept for the next file but the run's streams.
        let cache = FitCache(source: image, deflate: deflate)
        let refit = FitRefit(
            path: path, input: input, before: before, options: options, keepPreview: keepPreview, spare: spare)
        return (refit.run(cache), cache.allCounts)
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
        if let rate = FitFrameRate(knobs, source: source, shown: shown) {
            steps.append(rate.described(kept: shown.frames.count, of: source.frames.count))
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
}
