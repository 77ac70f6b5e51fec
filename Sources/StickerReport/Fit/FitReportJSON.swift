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
        // What only a re-encoded file has (nil otherwise), and the candidates a failed search encoded.
        var encoded: FitOutput?
        var candidates = 0
        switch result {
        case .unchanged, .renamed: break
        case .fitted(let fitted), .belowMinQuality(let fitted, _):
            encoded = fitted
            candidates = fitted.candidates
        case .failed(let failed): candidates = failed.candidates
        }
        let knobs = encoded?.knobs
        let colors = knobs?.colors
        let rate: JSONValue = encoded?.frameRate.map(json) ?? .null
        var fields: [(String, JSONValue)] = [
            ("path", .string(result.path)),
            ("outcome", .string(result.kind.rawValue)),
            ("output", .optional(output) { .string($0) }),
            ("before", .optional(result.before, json)),
            ("after", .optional(result.after, json)),
            ("losslessSteps", .array((encoded?.losslessSteps ?? []).map { .string($0) })),
            ("lossySteps", .array((encoded?.lossySteps ?? []).map { .string($0) })),
            ("frameRate", rate),
            ("colors", .optional(colors) { .int($0) }),
            ("dithered", .optional(knobs.flatMap { colors == nil ? nil : $0.dithered }) { .bool($0) }),
            ("framePalettes", .optional(knobs.flatMap { colors == nil ? nil : $0.framePalettes }) { .bool($0) }),
            ("jpegQuality", .optional(knobs?.quality) { .int($0) }),
            ("gifLossy", .optional(knobs.flatMap { $0.lossy > 0 ? $0.lossy : nil }) { .int($0) }),
            ("score", .optional(encoded?.score) { $0.json }),
            ("candidates", .int(candidates)),
            ("seconds", .double(result.seconds)),
            ("reason", .optional(result.reason) { .string($0) }),
            ("hint", .optional(result.hint) { .string($0) }),
        ]
        // Listed only when asked for (the bench's --report-finalists).
        if let finalists = encoded?.finalists { fields.append(("finalists", .array(finalists.map(json)))) }
        return .object(fields)
    }

    static func json(_ finalist: FitFinalist) -> JSONValue {
        let knobs = finalist.knobs
        return .object([
            ("width", .int(knobs.geometry.width)), ("height", .int(knobs.geometry.height)),
            ("frames", .int(knobs.frames)), ("format", .string(knobs.format.rawValue)),
            ("colors", .optional(knobs.colors) { .int($0) }), ("dithered", .bool(knobs.dithered)),
            ("framePalettes", .bool(knobs.framePalettes)), ("gifLossy", .int(knobs.lossy)),
            ("jpegQuality", .optional(knobs.quality) { .int($0) }),
            ("worst", .optional(finalist.score?.worst) { .number($0) }),
            ("mean", .optional(finalist.score?.mean) { .number($0) }), ("full", .bool(finalist.scoredInFull)),
            ("handicap", .number(finalist.handicap)), ("written", .bool(finalist.written)),
        ])
    }

    static func json(_ rate: FitFrameRate) -> JSONValue {
        .object([
            ("step", .int(rate.step)), ("framesPerSecond", .number(rate.framesPerSecond)),
            ("durationMs", .number(rate.durationMs)),
        ])
    }

    static func json(_ facts: FitFacts) -> JSONValue {
        .object([
            ("bytes", .int(facts.bytes)), ("format", .string(facts.format.rawValue)), ("width", .int(facts.width)),
            ("height", .int(facts.height)), ("frames", .int(facts.frames)), ("durationMs", .number(facts.durationMs)),
        ])
    }
}
