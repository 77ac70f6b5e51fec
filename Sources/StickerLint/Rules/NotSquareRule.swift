/// Stickers sit in square cells; non-square art is scaled to fit and looks smaller than its neighbours.
public struct NotSquareRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "not-square", name: "Not square", defaultSeverity: .warning,
        summary: "The sticker is not square; Messages fits it into a square cell, so it shows smaller.",
        triggering: [
            RuleExample(.sticker(.example(width: 408, height: 300)), at: [.init("cat.png", mentioning: "408 x 300")])
        ],
        nonTriggering: [.sticker(.example())])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let width = sticker.width, let height = sticker.height, width != height else { return [] }
        let side = max(width, height)
        return [
            Finding(
                path: sticker.path, message: "\(width) x \(height) px is not square",
                hint: "pad the canvas with transparency to \(side) x \(side) px")
        ]
    }
}
