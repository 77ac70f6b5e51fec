import StickerSupport

/// Stickers must be under 500 KB; Xcode's compiled copy can be larger than the file, so warn near the limit.
public struct FileSizeRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "file-size", name: "File size", defaultSeverity: .error,
        summary: "The file is over the byte limit (500,000 by default); a warning from 90 % of it.",
        triggering: [
            RuleExample(.sticker(.example { $0.bytes = 612_000 }), at: [.init("cat.png", mentioning: "612,000 bytes")]),
            RuleExample(
                .sticker(.example { $0.bytes = 470_000 }), at: [.init("cat.png", mentioning: "470,000 bytes")],
                severity: .warning),
        ],
        nonTriggering: [.sticker(.example { $0.bytes = 449_999 })])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        let limit = context.settings.byteLimit
        let warnFrom = Int(Double(limit) * context.settings.warnFraction)
        let size = sticker.bytes.grouped
        let limitText = limit.grouped
        if sticker.bytes > limit {
            return [
                Finding(
                    path: sticker.path, message: "\(size) bytes is over the \(limitText)-byte limit",
                    hint: sticker.isAnimated
                        ? "use fewer frames, fewer colours, or a smaller size class"
                        : "reduce colours (an indexed PNG) or the size, or run it through a PNG optimiser",
                    severity: .error)
            ]
        }
        if sticker.bytes >= warnFrom {
            return [
                Finding(
                    path: sticker.path,
                    message:
                        "\(size) bytes is within \(Int((1 - context.settings.warnFraction) * 100)) % of the "
                        + "\(limitText)-byte limit; Xcode's compiled copy can be larger",
                    hint: "leave some headroom: Xcode re-saves PNGs when it compiles the catalog",
                    severity: .warning)
            ]
        }
        return []
    }
}
