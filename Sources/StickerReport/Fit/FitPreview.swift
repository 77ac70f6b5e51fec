import Foundation
import StickerFit
import StickerImage
import StickerPreview
import StickerSupport

/// fit's before/after contact sheet (`--preview`): a row per file fitted, its score and bytes as the caption, and
/// for an animation the frame scored worst.
public enum FitPreview {
    /// The sheet as PNG bytes. Throws when the sheet would pass the decode limits.
    public static func png(_ results: [FitResult], minQuality: Double, limits: DecodeLimits) throws -> [UInt8] {
        let rows = results.compactMap { result -> BeforeAfterSheet.Row? in
            guard result.outcome == .fitted || result.outcome == .belowMinQuality, let before = result.previewBefore,
                let after = result.previewAfter
            else { return nil }
            // The score first, so a narrow cell still shows it.
            let bar = result.outcome == .belowMinQuality ? String(format: " UNDER %g", minQuality) : ""
            let score = result.score.map {
                String(format: "worst %.1f", $0.worst) + bar + String(format: ", mean %.1f", $0.mean)
            }
            var bytes = "\(result.before?.bytes.grouped ?? "?") -> \(result.after?.bytes.grouped ?? "?") bytes"
            // An animation shows the frame scored worst.
            if let frames = result.before?.frames, frames > 1, let worst = result.score?.worstFrame {
                bytes += "; frame \(worst + 1) of \(frames) drawn"
            }
            return BeforeAfterSheet.Row(
                name: result.path, caption: (score.map { [$0] } ?? []) + [bytes], before: before, after: after)
        }
        return try PNGEncoder.encodeOpaque(try BeforeAfterSheet.render(rows, limits: limits))
    }
}
