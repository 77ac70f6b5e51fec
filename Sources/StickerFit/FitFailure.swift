import StickerImage
import StickerQuality
import StickerSupport

/// Why a file has no output, as it happened: the report's reason and hint come from it.
public enum FitFailure: Error, Sendable {
    /// The file could not be read or decoded.
    case unreadable(DecodeError)
    /// Its frames cannot be scored, so no candidate can be judged.
    case unscorable(StickerScoreError)
    /// No setting fits within `limit` bytes; `smallest` is the fewest any took, `workLimitAfter` the candidates
    /// after which the search stopped at its work limit (nil when it did not), `fault` the first failure met on the
    /// way (which may be why), `hint` what to try.
    case nothingFits(limit: Int, smallest: Int?, workLimitAfter: Int?, fault: FitStepError?, hint: String)
    /// The chosen candidate failed in the final step (its full-effort encoding, decoding or full score).
    case finalStep(FitStepError)

    public var reason: String {
        switch self {
        case .unreadable(let error): return error.description
        case .unscorable(let error): return "it cannot be scored: \(error)"
        case .nothingFits(let limit, let smallest, let workLimitAfter, let fault, _):
            var reason =
                "no candidate fits in \(limit.grouped) bytes"
                + (smallest.map { "; the smallest tried was \($0.grouped) bytes" } ?? "")
            if let workLimitAfter {
                reason += " (the search stopped at its work limit after \(workLimitAfter) candidates)"
            }
            return reason + (fault.map { "; \($0)" } ?? "")
        case .finalStep(.encoding(let error)):
            return "its chosen candidate could not be encoded at full effort: \(error)"
        case .finalStep(.decoding(let error)): return "its re-encoded file does not decode: \(error)"
        case .finalStep(.scoring(let error)): return "its re-encoded file cannot be scored: \(error)"
        }
    }

    public var hint: String {
        switch self {
        case .unreadable(let error): return error.hint
        case .unscorable: return "check the image has pixels"
        case .nothingFits(_, _, _, let fault, let hint): return fault?.hint ?? hint
        case .finalStep(let fault): return fault.hint
        }
    }
}
