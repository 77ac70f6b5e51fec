import StickerJSON
import StickerLint

/// For machines: `files`, `diagnostics` (rule, severity, path, message, hint), `summary`.
public struct JSONReporter: LintReporter {
    public init() {}

    public func render(_ report: LintReport, context: ReportContext) -> String {
        let files: [JSONValue] = report.packs.flatMap { pack in
            // Counted once per pack: a filter per file was quadratic, seconds for 10,000 files.
            let counts = pack.diagnostics.reduce(into: [String: Int]()) { $0[$1.path, default: 0] += 1 }
            return pack.stickers.map { s in
                JSONValue.object([
                    ("path", .string(s.path)),
                    ("pack", .string(pack.name)),
                    ("format", .optional(s.format?.rawValue) { .string($0) }),
                    ("width", .optional(s.width) { .int($0) }),
                    ("height", .optional(s.height) { .int($0) }),
                    ("frames", .int(s.frameCount)),
                    ("bytes", .int(s.bytes)),
                    ("diagnostics", .int(counts[s.path] ?? 0)),
                ])
            }
        }
        let diagnostics: [JSONValue] = report.diagnostics.map { d in
            .object([
                ("rule", .string(d.rule)), ("severity", .string(d.severity.rawValue)), ("path", .string(d.path)),
                ("message", .string(d.message)), ("hint", .string(d.hint)),
            ])
        }
        let packs: [JSONValue] = report.packs.map { pack in
            .object([
                ("name", .string(pack.name)), ("sizeClass", .string(pack.context.sizeClass.rawValue)),
                ("sizeClassSource", .string(pack.context.sizeClassSource.description)),
                ("stickers", .int(pack.stickers.count)),
            ])
        }
        let summary = JSONValue.object([
            ("files", .int(report.stickers.count)),
            ("errors", .int(report.count(.error))),
            ("warnings", .int(report.count(.warning))),
            ("infos", .int(report.count(.info))),
            ("passed", .bool(!report.fails(strict: context.strict))),
            ("packs", .array(packs)),
        ])
        return JSONValue.object([
            ("tool", .string("stickerpack \(context.toolVersion)")), ("files", .array(files)),
            ("diagnostics", .array(diagnostics)), ("summary", summary),
        ]).serialized()
    }
}
