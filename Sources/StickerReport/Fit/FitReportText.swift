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
        let before = result.before.map { "\($0.bytes.grouped)" } ?? "?"
        switch result.outcome {
        case .failed:
            return ["\(result.path): not fitted: \(result.reason ?? "unknown")", "  hint: \(result.hint ?? "")"]
        case .unchanged:
            return ["\(result.path): fits already (\(before) bytes)" + (output.map { ", copied to \($0)" } ?? "")]
        case .renamed:
            return ["\(result.path): fits; named \(result.outputName ?? "")" + (output.map { " -> \($0)" } ?? "")]
        case .fitted, .belowMinQuality:
            let below = result.outcome == .belowMinQuality
            let kept = below && output == nil && !dryRun ? ", not written: the input is kept" : ""
            var lines = [
                "\(result.path): \(before) -> \((result.after?.bytes ?? 0).grouped) bytes"
                    + (output.map { " -> \($0)" } ?? "")
                    + (below ? ", UNDER --min-quality " + String(format: "%g", minQuality) : "") + kept
            ]
            if let after = result.after {
                let frames = after.frames > 1 ? ", \(after.frames) frames, \(Int(after.durationMs)) ms" : ""
                lines.append("  output    \(after.format.displayName), \(after.width)x\(after.height) px\(frames)")
            }
            let applied = result.losslessSteps + result.lossySteps
            lines.append("  applied   " + (applied.isEmpty ? "lossless re-encoding" : applied.joined(separator: "; ")))
            if let score = result.score { lines.append("  score     " + scoreText(score)) }
            lines.append(
                "  time      " + String(format: "%.2f s", result.seconds)
                    + ", \(result.candidates) candidate\(result.candidates == 1 ? "" : "s") encoded")
            if below { lines += ["  warning   \(result.reason ?? "")", "  hint: \(result.hint ?? "")"] }
            return lines
        }
    }

    static func scoreText(_ score: StickerScore) -> String {
        "worst " + String(format: "%.1f", score.worst)
            + " (frame \(score.worstFrame + 1), \(score.worstBackground.rawValue) background), mean "
            + String(format: "%.1f", score.mean)
    }
}
