import Foundation
import StickerImage
import StickerQuality
import StickerSupport

/// What one file was, or became: the facts the report shows before and after.
public struct FitFacts: Equatable, Sendable {
    public var bytes: Int
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var frames: Int
    public var durationMs: Double

    init(_ image: DecodedImage, bytes: Int) {
        self.bytes = bytes
        format = image.format
        width = image.width
        height = image.height
        frames = image.frames.count
        durationMs = image.durationMs
    }
}

/// The outcome of fitting one file, before anything is written: one case per outcome, each with what only it has.
public enum FitResult: Sendable {
    /// It already fit: copied byte for byte (left alone in place).
    case unchanged(FitKept)
    /// It fit but for its name: the same bytes under the right extension.
    case renamed(FitKept)
    /// Re-encoded to fit.
    case fitted(FitOutput)
    /// Re-encoded within the byte limit, but its best candidate scores under --min-quality: written with --output
    /// (flagged, exit status 1, for a person to look at), never over the input with --in-place.
    case belowMinQuality(FitOutput, FitShortfall)
    /// No output: the failure says why and what to do.
    case failed(FitFailed)

    /// Which case it is, without its payload (the JSON report's `outcome`, the summary's counts).
    public enum Kind: String, Sendable, CaseIterable {
        case unchanged, renamed, fitted, belowMinQuality, failed
    }

    public var kind: Kind {
        switch self {
        case .unchanged: return .unchanged
        case .renamed: return .renamed
        case .fitted: return .fitted
        case .belowMinQuality: return .belowMinQuality
        case .failed: return .failed
        }
    }

    public var path: String {
        switch self {
        case .unchanged(let kept), .renamed(let kept): return kept.path
        case .fitted(let output), .belowMinQuality(let output, _): return output.path
        case .failed(let failed): return failed.path
        }
    }

    /// How long the file took.
    public var seconds: Double {
        switch self {
        case .unchanged(let kept), .renamed(let kept): return kept.seconds
        case .fitted(let output), .belowMinQuality(let output, _): return output.seconds
        case .failed(let failed): return failed.seconds
        }
    }

    /// The file as it came in; nil when it did not decode.
    public var before: FitFacts? {
        switch self {
        case .unchanged(let kept), .renamed(let kept): return kept.facts
        case .fitted(let output), .belowMinQuality(let output, _): return output.before
        case .failed(let failed): return failed.before
        }
    }

    /// What is written, when anything is.
    public var after: FitFacts? {
        switch self {
        case .unchanged(let kept), .renamed(let kept): return kept.facts
        case .fitted(let output), .belowMinQuality(let output, _): return output.after
        case .failed: return nil
        }
    }

    /// The re-encoded file, when one was made (not for a file whose bytes are kept).
    public var output: FitOutput? {
        switch self {
        case .fitted(let output), .belowMinQuality(let output, _): return output
        case .unchanged, .renamed, .failed: return nil
        }
    }

    /// Whether the run writes anything for this file with `--output`.
    public var hasOutput: Bool {
        if case .failed = self { return false }
        return true
    }

    /// Whether the file passes: it fits at --min-quality. Only such a file is written over its input, counts as
    /// a success in the exit status, and is taken by `build --fit`.
    public var passes: Bool {
        switch self {
        case .unchanged, .renamed, .fitted: return true
        case .belowMinQuality, .failed: return false
        }
    }

    /// The output's file name (the input's stem, the extension its format takes); nil when failed.
    public var outputName: String? {
        switch self {
        case .unchanged(let kept), .renamed(let kept): return kept.outputName
        case .fitted(let output), .belowMinQuality(let output, _): return output.outputName
        case .failed: return nil
        }
    }

    /// The new file's bytes; nil when the input's bytes are kept (unchanged, renamed) or nothing is written.
    public var bytes: [UInt8]? { output?.bytes }

    /// Why a file fails or is flagged, and what to do; nil for a file that passes.
    public var reason: String? {
        switch self {
        case .failed(let failed): return failed.failure.reason
        case .belowMinQuality(_, let shortfall): return shortfall.reason
        case .unchanged, .renamed, .fitted: return nil
        }
    }

    public var hint: String? {
        switch self {
        case .failed(let failed): return failed.failure.hint
        case .belowMinQuality(_, let shortfall): return shortfall.hint
        case .unchanged, .renamed, .fitted: return nil
        }
    }

    /// The same result with the finalists the search ranked (only a re-encoded file has them).
    func listing(_ finalists: [FitFinalist]) -> FitResult {
        changingOutput { $0.finalists = finalists }
    }

    /// The same result, timed.
    func timed(_ seconds: Double) -> FitResult {
        switch self {
        case .unchanged(var kept):
            kept.seconds = seconds
            return .unchanged(kept)
        case .renamed(var kept):
            kept.seconds = seconds
            return .renamed(kept)
        case .failed(var failed):
            failed.seconds = seconds
            return .failed(failed)
        case .fitted, .belowMinQuality:
            return changingOutput { $0.seconds = seconds }
        }
    }

    /// The same result with `change` made to its re-encoded output; the same result when there is none.
    private func changingOutput(_ change: (inout FitOutput) -> Void) -> FitResult {
        switch self {
        case .fitted(var output):
            change(&output)
            return .fitted(output)
        case .belowMinQuality(var output, let shortfall):
            change(&output)
            return .belowMinQuality(output, shortfall)
        case .unchanged, .renamed, .failed: return self
        }
    }
}

/// A file whose bytes are kept as they are (under its own name, or renamed).
public struct FitKept: Sendable {
    public var path: String
    public var facts: FitFacts
    public var outputName: String
    public var seconds = 0.0
}

/// A file re-encoded within the byte limit: what it became, with which knobs, and what that cost.
public struct FitOutput: Sendable {
    public var path: String
    public var before: FitFacts
    public var after: FitFacts
    /// The chosen setting (the source's own, untouched, for the lossless step's file).
    public var knobs: FitKnobs
    /// The frame rate kept, when fewer frames than the source's are shown.
    public var frameRate: FitFrameRate?
    /// The lossless steps of the chosen encoding.
    public var losslessSteps: [String]
    /// The lossy steps taken, for people: "palette of 96 colours, dithered", "12 of 24 frames", ...
    public var lossySteps: [String]
    /// The chosen output scored in full.
    public var score: StickerScore
    /// Settings encoded by the search.
    public var candidates: Int
    public var seconds = 0.0
    /// The output's file name (the input's stem, the extension its format takes) and bytes.
    public var outputName: String
    public var bytes: [UInt8]
    /// The frame scored worst before and after, for the contact sheet, when asked for.
    public var preview: (before: RGBAImage, after: RGBAImage)?
    /// The candidates the search ranked at full size, when `FitOptions.reportFinalists` asks (the bench's).
    public var finalists: [FitFinalist]?
}

/// Why a file re-encoded within the limit is not taken: its best candidate scores under --min-quality.
public struct FitShortfall: Sendable {
    public var limit: Int
    public var minQuality: Double
    public var worst: Double
    /// What to try: more lossy steps, a higher limit, or a lower --min-quality.
    public var hint: String

    public var reason: String {
        "the best candidate within \(limit.grouped) bytes scores " + String(format: "%.1f", worst)
            + " on its worst frame, under --min-quality " + String(format: "%g", minQuality)
    }
}

/// A file with no output.
public struct FitFailed: Sendable {
    public var path: String
    public var failure: FitFailure
    /// Nil when the file did not decode.
    public var before: FitFacts?
    /// Settings encoded by the search before it gave up.
    public var candidates = 0
    public var seconds = 0.0
}
