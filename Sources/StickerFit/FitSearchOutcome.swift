import StickerImage
import StickerQuality

extension FitSearch {
    /// What the search found, or why it found nothing.
    enum Outcome {
        case found(FitCandidate)
        /// No setting tried fitted: each was over the limit or refused by its encoder, or failed (`fault` is
        /// the first failure, if any).
        case nothingFits(fault: FitStepError?)
        /// The work budget ran out before any setting fitted.
        case budgetSpent(fault: FitStepError?)

        var candidate: FitCandidate? {
            if case .found(let candidate) = self { return candidate }
            return nil
        }
    }
}

/// A failure met on the way to an output: the search goes on past it, the setting counted as not fitting (when
/// nothing fits, it may be why, so the reason names it); the final step ends the file with it. An encoder refusing
/// a setting it cannot hold is no such failure.
public enum FitStepError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Our encoder failed on a setting it should hold (an image it was handed malformed, out of memory).
    case encoding(EncodeError)
    /// A file our encoder made did not decode.
    case decoding(DecodeError)
    /// A candidate's pixels could not be scored.
    case scoring(StickerScoreError)

    public var description: String {
        switch self {
        case .encoding(let error): return "a candidate could not be encoded: \(error)"
        case .decoding(let error): return "a candidate's file did not decode: \(error)"
        case .scoring(let error): return "a candidate could not be scored: \(error)"
        }
    }

    /// A one-line suggestion for a person.
    public var hint: String {
        switch self {
        case .encoding(let error): return error.hint
        case .decoding: return "report this as a bug"
        case .scoring: return "check the image has pixels"
        }
    }
}
