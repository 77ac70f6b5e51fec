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
            let fitted: FitOutput
            var bar = ""
            switch result {
            case .fitted(let output): fitted = output
            case .belowMinQuality(let output, _):
                fitted = output
                bar = String(format: " UNDER %g", minQuality)
            case .unchanged, .renamed, .failed: return nil
            }
            guard let preview = fitted.preview else { return nil }
            // The score first, so a narrow cell still shows it.
            let score =
                String(format: "worst %.1f", fitted.score.worst) + bar
                + String(format: ", mean %.1f", fitted.score.mean)
            var bytes = "\(fitted.before.bytes.grouped) -> \(fitted.after.bytes.grouped) bytes"
            // An animation shows the frame scored worst.
            if fitted.before.frames > 1 {
                bytes += "; frame \(fitted.score.worstFrame + 1) of \(fitted.before.frames) drawn"
            }
            return BeforeAfterSheet.Row(
                name: fitted.path, caption: [score, bytes], before: preview.before, after: preview.after)
        }
        return try PNGEncoder.encodeOpaque(try BeforeAfterSheet.render(rows, limits: limits))
    }
}
