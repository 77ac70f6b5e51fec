/// One size class per pack, and every sticker's art should match it.
public struct SizeClassRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "size-class", name: "Size class", defaultSeverity: .warning,
        summary: "The sticker is not the pixel size of the pack's class (small 300, regular 408, large 618 px).",
        triggering: [
            RuleExample(
                .sticker(.example(width: 300, height: 300)), at: [.init("cat.png", mentioning: "300 x 300", "408 px")]),
            RuleExample(
                .sticker(.example(width: 618, height: 618), sizeClass: .regular),
                at: [.init("cat.png", mentioning: "618 x 618", "regular")]),
        ],
        nonTriggering: [
            .sticker(.example()), .sticker(.example(width: 300, height: 300), sizeClass: .small),
            .sticker(.example(width: 408, height: 300)),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let width = sticker.width, let height = sticker.height else { return [] }
        // Out-of-bounds art is the dimensions rule's; a non-square sticker is judged by its long side.
        let side = max(width, height)
        guard side >= context.settings.minSide, side <= context.settings.maxSide else { return [] }
        let target = context.sizeClass.pixels
        guard side != target else { return [] }
        return [
            Finding(
                path: sticker.path,
                message:
                    "\(width) x \(height) px does not match the pack's \(context.sizeClass.rawValue) class "
                    + "(\(target) px, from \(context.sizeClassSource)); Messages scales it to \(target / 3) pt",
                hint: "export it at \(target) x \(target) px, or choose the class that fits with --size-class")
        ]
    }
}
