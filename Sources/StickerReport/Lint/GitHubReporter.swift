import StickerLint

/// GitHub Actions workflow commands: each diagnostic becomes an annotation on its file.
public struct GitHubReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport, context: ReportContext) -> String {
        var lines = report.diagnostics.map { d -> String in
            let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            let file = Self.escapeProperty(context.relative(d.path))
            let title = Self.escapeProperty("stickerpack \(d.rule)")
            return "::\(command) file=\(file),title=\(title)::\(Self.escapeData("\(d.message). Fix: \(d.hint)"))"
        }
        lines.append("stickerpack: \(report.stickers.count) stickers; \(report.countsText)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The escapes of GitHub's toolkit (`escapeData`, `escapeProperty`).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
