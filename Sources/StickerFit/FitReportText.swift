import Foundation
import StickerImage
import StickerQuality

/// The report for people: a few lines per file, then a summary.
extension FitReport {
    public var text: String {
        var lines: [String] = []
        for result in results {
            lines += Self.lines(for: result, output: outputs[result.path])
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    public var summary: String {
        let counts = [
            ("fitted", count(.fitted)), ("unchanged", count(.unchanged)), ("renamed", count(.renamed)),
            ("failed", count(.failed)),
        ]
        .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
        let verb = dryRun ? " (dry run: nothing written)" : ""
        return "\(counts); \(bytesBefore.formatted()) -> \(bytesAfter.formatted()) bytes in "
            + String(format: "%.1f s", seconds) + verb
    }

    static func lines(for result: FitResult, output: String?) -> [String] {
        let before = result.before.map { "\($0.bytes.formatted())" } ?? "?"
        switch result.outcome {
        case .failed:
            var lines = ["\(result.path): not fitted: \(result.reason ?? "unknown")"]
            // Refused under --min-quality: what the best candidate would have been.
            if let score = result.score {
                let applied = result.lossySteps.isEmpty ? "" : result.lossySteps.joined(separator: "; ") + "; "
                lines.append("  best      " + applied + scoreText(score))
            }
            return lines + ["  hint: \(result.hint ?? "")"]
        case .unchanged:
            return ["\(result.path): fits already (\(before) bytes)" + (output.map { ", copied to \($0)" } ?? "")]
        case .renamed:
            return ["\(result.path): fits; named \(result.outputName ?? "")" + (output.map { " -> \($0)" } ?? "")]
        case .fitted:
            var lines = [
                "\(result.path): \(before) -> \((result.after?.bytes ?? 0).formatted()) bytes"
                    + (output.map { " -> \($0)" } ?? "")
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
            return lines
        }
    }

    static func scoreText(_ score: StickerScore) -> String {
        "worst " + String(format: "%.1f", score.worst)
            + " (frame \(score.worstFrame + 1), \(score.worstBackground.rawValue) background), mean "
            + String(format: "%.1f", score.mean)
    }
}
