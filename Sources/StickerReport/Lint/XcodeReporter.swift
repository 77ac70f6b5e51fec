import Foundation
import StickerLint

/// Xcode's diagnostic lines, which its issue navigator shows when a Run Script build phase prints them:
/// `/absolute/path: error: message [rule]`. Info findings become notes. One line per finding, nothing else, so
/// the build log holds only what Xcode can place.
public struct XcodeReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport, context: ReportContext) -> String {
        let base = URL(fileURLWithPath: context.baseDirectory, isDirectory: true)
        return report.diagnostics.map { d in
            let path = URL(fileURLWithPath: d.path, relativeTo: base).standardizedFileURL.path
            let kind = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "note"
            let text = "\(d.message); fix: \(d.hint)".split(whereSeparator: \.isNewline).joined(separator: " ")
            return "\(path): \(kind): \(text) [\(d.rule)]\n"
        }.joined()
    }
}
