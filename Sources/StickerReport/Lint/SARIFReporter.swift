import Foundation
import StickerJSON
import StickerLint

/// SARIF 2.1.0 with rule metadata, for GitHub code scanning and other SARIF viewers.
public struct SARIFReporter: LintReporter {
    public init() {}

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    public func render(_ report: LintReport, context: ReportContext) -> String {
        let descriptions = RuleRegistry.descriptions
        let rules: [JSONValue] = descriptions.map { rule in
            .object([
                ("id", .string(rule.identifier)),
                ("name", .string(rule.name.replacingOccurrences(of: " ", with: ""))),
                ("shortDescription", .object([("text", .string(rule.name))])),
                ("fullDescription", .object([("text", .string(rule.summary))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(rule.defaultSeverity)))])),
                ("help", .object([("text", .string(rule.summary))])),
            ])
        }
        let results: [JSONValue] = report.diagnostics.map { d in
            let index = descriptions.firstIndex { $0.identifier == d.rule } ?? 0
            return .object([
                ("ruleId", .string(d.rule)),
                ("ruleIndex", .int(index)),
                ("level", .string(Self.level(d.severity))),
                ("message", .object([("text", .string("\(d.message). Fix: \(d.hint)."))])),
                (
                    "locations",
                    .array([.object([("physicalLocation", .object([("artifactLocation", artifact(d.path, context))]))])]
                    )
                ),
            ])
        }
        let base = URL(fileURLWithPath: context.baseDirectory, isDirectory: true).standardizedFileURL.absoluteString
        let run = JSONValue.object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("stickerpack")),
                            ("semanticVersion", .string(context.toolVersion)),
                            (
                                "informationUri",
                                .string("https://developer.apple.com/documentation/messages/msstickerview")
                            ),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            (
                "originalUriBaseIds",
                .object([("SRCROOT", .object([("uri", .string(base.hasSuffix("/") ? base : base + "/"))]))])
            ),
            ("results", .array(results)),
            ("columnKind", .string("unicodeCodePoints")),
        ])
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).serialized()
    }

    /// A relative, percent-encoded URI against SRCROOT when the file is inside it, else an absolute file URI.
    func artifact(_ path: String, _ context: ReportContext) -> JSONValue {
        let relative = context.relative(path)
        if relative != path || !path.hasPrefix("/") && !path.hasPrefix("..") {
            let encoded = relative.split(separator: "/", omittingEmptySubsequences: false)
                .map {
                    $0.addingPercentEncoding(
                        withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
                        ?? String($0)
                }
                .joined(separator: "/")
            return .object([("uri", .string(encoded)), ("uriBaseId", .string("SRCROOT"))])
        }
        return .object([("uri", .string(URL(fileURLWithPath: path).standardizedFileURL.absoluteString))])
    }
}
