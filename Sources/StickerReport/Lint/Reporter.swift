import Foundation
import StickerLint

/// Renders a lint report in one output format.
public protocol LintReporter {
    func render(_ report: LintReport, context: ReportContext) -> String
}

/// What a report needs to know beyond the findings: who wrote it, where, and for whom.
public struct ReportContext: Sendable {
    public var toolVersion: String
    /// ANSI colours: on a terminal, unless NO_COLOR is set.
    public var colour: Bool
    public var strict: Bool
    /// Paths in machine output are relative to this folder when they are inside it.
    public var baseDirectory: String

    public init(toolVersion: String, colour: Bool, strict: Bool, baseDirectory: String) {
        self.toolVersion = toolVersion
        self.colour = colour
        self.strict = strict
        self.baseDirectory = baseDirectory
    }

    /// `path` relative to the base directory when it lies inside it, else as given.
    func relative(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }
}

extension LintReport {
    /// "3 errors, 1 warning, 2 infos"
    public var countsText: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return [plural(count(.error), "error"), plural(count(.warning), "warning"), plural(count(.info), "info")]
            .joined(separator: ", ")
    }

    /// Whether the gate fails: any error, or any warning when strict.
    public func fails(strict: Bool) -> Bool { count(.error) > 0 || (strict && count(.warning) > 0) }
}
