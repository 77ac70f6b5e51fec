import StickerLint

/// For people: grouped by file, coloured on a terminal, a summary line per pack.
public struct TextReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport, context: ReportContext) -> String {
        let style = TextStyle(enabled: context.colour)
        var out: [String] = []
        for pack in report.packs {
            var byPath: [(String, [Diagnostic])] = []
            for diagnostic in pack.diagnostics {
                if let last = byPath.last, last.0 == diagnostic.path {
                    byPath[byPath.count - 1].1.append(diagnostic)
                } else {
                    byPath.append((diagnostic.path, [diagnostic]))
                }
            }
            for (path, diagnostics) in byPath {
                out.append(style.bold(path))
                let ruleWidth = max(12, diagnostics.map(\.rule.count).max() ?? 0)
                for d in diagnostics {
                    let severity = style.severity(
                        d.severity, d.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))
                    out.append(
                        "  \(severity) \(d.rule.padding(toLength: ruleWidth, withPad: " ", startingAt: 0))  "
                            + "\(d.message)"
                    )
                    out.append(String(repeating: " ", count: 13 + ruleWidth) + style.dim("fix: \(d.hint)"))
                }
                out.append("")
            }
            let files = pack.stickers.count
            let clean = pack.stickers.filter { sticker in !pack.diagnostics.contains { $0.path == sticker.path } }.count
            let errors = pack.diagnostics.count(.error)
            let warnings = pack.diagnostics.count(.warning)
            let infos = pack.diagnostics.count(.info)
            var line =
                "\(pack.name): \(files) sticker\(files == 1 ? "" : "s"), \(pack.context.sizeClass.rawValue) class "
                + "(\(pack.context.sizeClass.pixels) px, from \(pack.context.sizeClassSource)); "
            line +=
                "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) "
                + "info\(infos == 1 ? "" : "s"); \(clean) clean"
            out.append(
                errors > 0
                    ? style.severity(.error, line) : warnings > 0 ? style.severity(.warning, line) : style.ok(line))
        }
        if report.packs.count > 1 {
            out.append("Total: \(report.stickers.count) stickers in \(report.packs.count) packs; \(report.countsText)")
        }
        if report.packs.isEmpty || report.stickers.isEmpty && report.diagnostics.isEmpty {
            out.append(
                "No sticker images found (looked for .png, .apng, .gif, .jpg, .jpeg and other image extensions).")
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// ANSI styling that turns itself off for pipes and NO_COLOR.
struct TextStyle {
    let enabled: Bool

    private func wrap(_ code: String, _ text: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    func bold(_ text: String) -> String { wrap("1", text) }
    func dim(_ text: String) -> String { wrap("2", text) }
    func ok(_ text: String) -> String { wrap("32", text) }

    func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: return wrap("1;31", text)
        case .warning: return wrap("33", text)
        case .info: return wrap("36", text)
        }
    }
}
