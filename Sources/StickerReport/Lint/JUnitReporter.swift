import StickerLint
import StickerSupport

/// JUnit XML: one test case per sticker (and per other file with diagnostics); errors fail it,
/// warnings too with --strict; the rest goes to system-out.
public struct JUnitReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport, context: ReportContext) -> String {
        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for pack in report.packs {
            var paths = pack.stickers.map(\.path)
            for d in pack.diagnostics where !paths.contains(d.path) { paths.append(d.path) }
            var cases: [String] = []
            var failures = 0
            for path in paths {
                let diagnostics = pack.diagnostics.filter { $0.path == path }
                let failing = diagnostics.filter {
                    $0.severity == .error || (context.strict && $0.severity == .warning)
                }
                var body = ""
                if !failing.isEmpty {
                    failures += 1
                    let summary = failing.map { "\($0.rule): \($0.message)" }.joined(separator: "; ")
                    let detail = failing.map { "\($0.severity.rawValue) \($0.rule): \($0.message)\n  fix: \($0.hint)" }
                        .joined(separator: "\n")
                    body +=
                        "\n      <failure type=\"\(Self.escape(failing[0].rule))\" "
                        + "message=\"\(Self.escape(summary))\">\(Self.escape(detail))</failure>"
                }
                let others = diagnostics.filter { d in !failing.contains(d) }
                if !others.isEmpty {
                    let text = others.map { "\($0.severity.rawValue) \($0.rule): \($0.message)\n  fix: \($0.hint)" }
                        .joined(separator: "\n")
                    body += "\n      <system-out>\(Self.escape(text))</system-out>"
                }
                let name = Self.escape(context.relative(path))
                cases.append(
                    body.isEmpty
                        ? "    <testcase classname=\"stickerpack.lint\" name=\"\(name)\"/>"
                        : "    <testcase classname=\"stickerpack.lint\" name=\"\(name)\">\(body)\n    </testcase>")
            }
            totalTests += paths.count
            totalFailures += failures
            suites.append(
                "  <testsuite name=\"\(Self.escape(context.relative(pack.name)))\" tests=\"\(paths.count)\" "
                    + "failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
                    + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"stickerpack lint\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" "
            + "errors=\"0\">\n"
            + suites.joined(separator: "\n") + "\n</testsuites>\n"
    }

    static func escape(_ text: String) -> String { XMLText.escape(text) }
}
