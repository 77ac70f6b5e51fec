import Foundation
import StickerFit
import StickerImage
import StickerQuality
import StickerSupport

/// The report for people: a few lines per file, then a summary.
extension FitReport {
    public var text: String {
        var lines: [String] = []
        for result in results {
            lines += Self.lines(
                for: result, output: outputs[result.path], dryRun: dryRun, minQuality: options.minQuality)
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    public var summary: String {
        let counts = [
            ("fitted", count(.fitted)),
            ("under --min-quality \(String(format: "%g", options.minQuality))", count(.belowMinQuality)),
            ("unchanged", count(.unchanged)), ("renamed", count(.renamed)), ("failed", count(.failed)),
        ]
        .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        let verb = dryRun ? " (dry run: nothing written)" : ""
        return "\(counts); \(bytesBefore.grouped) -> \(bytesAfter.grouped) bytes in "
            + String(format: "%.1f s", seconds) + verb
    }

    /// `output`: where the file was written, nil when nothing was (a failure, --dry-run, or a file under
    /// --min-quality with --in-place, whose input is kept).
    static func lines(for result: FitResult, output: String?, dryRun: Bool, minQuality: Double) -> [String] {
        switch result {
        case .failed(let failed):
            return ["\(failed.path): not fitted: \(failed.failure.reason)", "  hint: \(failed.failure.hint)"]
        case .unchanged(let kept):
            return [
                "\(kept.path): fits already (\(kept.facts.bytes.grouped) bytes)"
                    + (output.map { ", copied to \($0)" } ?? "")
            ]
        case .renamed(let kept):
            return ["\(kept.path): fits; named \(kept.outputName)" + (output.map { " -> \($0)" } ?? "")]
        case .fitted(let fitted):
            return lines(for: fitted, output: output, under: nil)
        case .belowMinQuality(let fitted, let shortfall):
            let kept = output == nil && !dryRun ? ", not written: the input is kept" : ""
            var lines = lines(
                for: fitted, output: output, under: ", UNDER --min-quality " + String(format: "%g", minQuality) + kept)
            lines += ["  warning   \(shortfall.reason)", "  hint: \(shortfall.hint)"]
            return lines
        }
    }

    /// A re-encoded file's lines: bytes, output, what was applied, its score and time. `under`: the flag after its
    /// bytes when it scores under --min-quality.
    private static func lines(for fitted: FitOutput, output: String?, under: String?) -> [String] {
        let after = fitted.after
        let frames = after.frames > 1 ? ", \(after.frames) frames, \(Int(after.durationMs)) ms" : ""
        let applied = fitted.losslessSteps + fitted.lossySteps
        let candidates = fitted.candidates
        return [
            "\(fitted.path): \(fitted.before.bytes.grouped) -> \(after.bytes.grouped) bytes"
                + (output.map { " -> \($0)" } ?? "") + (under ?? ""),
            "  output    \(after.format.displayName), \(after.width)x\(after.height) px\(frames)",
            "  applied   " + (applied.isEmpty ? "lossless re-encoding" : applied.joined(separator: "; ")),
            "  score     " + scoreText(fitted.score),
            "  time      " + String(format: "%.2f s", fitted.seconds)
                + ", \(candidates) candidate\(candidates == 1 ? "" : "s") encoded",
        ]
    }

    static func scoreText(_ score: StickerScore) -> String {
        "worst " + String(format: "%.1f", score.worst)
            + " (frame \(score.worstFrame + 1), \(score.worstBackground.rawValue) background), mean "
            + String(format: "%.1f", score.mean)
    }
}
