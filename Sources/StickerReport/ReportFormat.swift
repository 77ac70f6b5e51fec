import StickerPreview

/// Every output format of every report. `lint` writes all of them; `fit`, `compare` and `info` write the two
/// that are not lint's alone (`forData`).
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, junit, html, xcode

    /// The formats of a report that is not a list of diagnostics: for people, or one JSON document.
    public static let forData: [ReportFormat] = [.text, .json]

    /// The renderer of a lint report in this format. `previews`: the images the HTML report embeds, made during
    /// the lint pass.
    public func lintReporter(previews: PreviewCollector? = nil) -> LintReporter {
        switch self {
        case .text: return TextReporter()
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter()
        case .github: return GitHubReporter()
        case .junit: return JUnitReporter()
        case .html: return HTMLReporter(previews: previews)
        case .xcode: return XcodeReporter()
        }
    }
}
