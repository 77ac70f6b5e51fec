/// Two stickers with identical pixels: a copy left in the pack. The linter confirms each one by comparing
/// the pixels (`sameAs`), so a rule never reports a hash collision.
public struct DuplicateRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "duplicate", name: "Duplicate", defaultSeverity: .warning,
        summary: "Two stickers have identical pixels (every frame); the frames of a .stickersequence are not compared.",
        triggering: [
            RuleExample(
                LintPack(stickers: [.example("a.png"), .example("b.png") { $0.sameAs = "a.png" }]),
                at: [.init("b.png", mentioning: "a.png")]),
            RuleExample(
                LintPack(stickers: [
                    .example("a.png"), .example("b.png") { $0.sameAs = "a.png" },
                    .example("c.png") { $0.sameAs = "a.png" },
                ]), at: [.init("b.png", mentioning: "a.png"), .init("c.png", mentioning: "a.png")]),
        ],
        nonTriggering: [
            LintPack(stickers: [.example("a.png"), .example("b.png")]),
            // Equal keys alone are only candidates.
            LintPack(stickers: [
                .example("a.png") { $0.pixelKey = PixelKey(high: 1, low: 2) },
                .example("b.png") { $0.pixelKey = PixelKey(high: 1, low: 2) },
            ]),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let original = sticker.sameAs else { return [] }
        return [
            Finding(
                path: sticker.path, message: "same pixels as \(original)",
                hint: "remove one of the two, or check that the right art was exported")
        ]
    }
}
