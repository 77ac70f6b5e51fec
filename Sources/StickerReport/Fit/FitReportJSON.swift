import StickerFit
import StickerImage
import StickerJSON
import StickerQuality

/// The report for machines (`--format json`), described by Schemas/fit-report.schema.json.
extension FitReport {
    public var json: JSONValue {
        .object([
            ("byteLimit", .int(options.byteLimit)),
            ("minQuality", .number(options.minQuality)),
            ("allowed", .array(options.allowed.sorted().map { .string($0.rawValue) })),
            ("formatForAnimations", .bool(options.formatForAnimations)),
            ("sizeClass", .optional(options.sizeClass) { .string($0.rawValue) }),
            ("dryRun", .bool(dryRun)),
            ("files", .array(results.map { Self.json($0, output: outputs[$0.path]) })),
            (
                "summary",
                .object([
                    ("files", .int(results.count)), ("fitted", .int(count(.fitted))),
                    ("belowMinQuality", .int(count(.belowMinQuality))),
                    ("unchanged", .int(count(.unchanged))), ("renamed", .int(count(.renamed))),
                    ("failed", .int(count(.failed))), ("bytesBefore", .int(bytesBefore)),
                    ("bytesAfter", .int(bytesAfter)), ("seconds", .double(seconds)),
                ])
            ),
        ])
    }

    static func json(_ result: FitResult, output: String?) -> JSONValue {
        .object([
            ("path", .string(result.path)),
            ("outcome", .string(result.outcome.rawValue)),
            ("output", .optional(output) { .string($0) }),
            ("before", .optional(result.before, json)),
            ("after", .optional(result.after, json)),
            ("losslessSteps", .array(result.losslessSteps.map { .string($0) })),
            ("lossySteps", .array(result.lossySteps.map { .string($0) })),
            ("colors", .optional(result.colors) { .int($0) }),
            ("dithered", .optional(result.dithered) { .bool($0) }),
            ("framePalettes", .optional(result.framePalettes) { .bool($0) }),
            ("jpegQuality", .optional(result.jpegQuality) { .int($0) }),
            ("gifLossy", .optional(result.gifLossy) { .int($0) }),
            ("score", .optional(result.score) { $0.json }),
            ("candidates", .int(result.candidates)),
            ("seconds", .double(result.seconds)),
            ("reason", .optional(result.reason) { .string($0) }),
            ("hint", .optional(result.hint) { .string($0) }),
        ])
    }

    static func json(_ facts: FitFacts) -> JSONValue {
        .object([
            ("bytes", .int(facts.bytes)), ("format", .string(facts.format.rawValue)), ("width", .int(facts.width)),
            ("height", .int(facts.height)), ("frames", .int(facts.frames)), ("durationMs", .number(facts.durationMs)),
        ])
    }
}
