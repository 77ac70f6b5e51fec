import Foundation
import StickerLint
import StickerPreview

/// Renders a lint report in one output format.
protocol Reporter {
    func render(_ report: LintReport, context: ReportContext) -> String
}

struct ReportContext {
    var toolVersion: String
    /// ANSI colours: on a terminal, unless NO_COLOR is set.
    var colour: Bool
    var strict: Bool
    /// Paths in machine output are relative to this folder when they are inside it.
    var baseDirectory: String

    /// `path` relative to the base directory when it lies inside it, else as given.
    func relative(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }
}

enum ReportFormat: String, CaseIterable {
    case text, json, sarif, github, junit, html, xcode

    /// `previews`: the images the HTML report embeds, made during the lint pass.
    func reporter(previews: PreviewCollector? = nil) -> Reporter {
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

extension LintReport {
    /// "3 errors, 1 warning, 2 infos"
    var countsText: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return [plural(count(.error), "error"), plural(count(.warning), "warning"), plural(count(.info), "info")]
            .joined(separator: ", ")
    }

    /// Whether the gate fails: any error, or any warning when strict.
    func fails(strict: Bool) -> Bool { count(.error) > 0 || (strict && count(.warning) > 0) }
}
