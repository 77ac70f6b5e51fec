/// @3x art from 300 to 618 px a side.
public struct DimensionsRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "dimensions", name: "Dimensions", defaultSeverity: .error,
        summary: "A side is below 300 px or above 618 px, the bounds of @3x sticker art.",
        triggering: [
            RuleExample(
                .sticker(.example(width: 2048, height: 2048)), at: [.init("cat.png", mentioning: "2048 x 2048")]),
            RuleExample(.sticker(.example(width: 408, height: 200)), at: [.init("cat.png", mentioning: "408 x 200")]),
        ],
        nonTriggering: [
            .sticker(.example(width: 300, height: 618)),
            .sticker(
                .example {
                    $0.width = nil
                    $0.height = nil
                }),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let width = sticker.width, let height = sticker.height else { return [] }
        let low = context.settings.minSide
        let high = context.settings.maxSide
        guard width < low || height < low || width > high || height > high else { return [] }
        let target = context.sizeClass.pixels
        let direction = max(width, height) > high ? "larger than \(high)" : "smaller than \(low)"
        return [
            Finding(
                path: sticker.path,
                message: "\(width) x \(height) px is \(direction) px; @3x sticker art is \(low) to \(high) px a side",
                hint:
                    "resize it to \(target) x \(target) px (\(context.sizeClass.rawValue) class): stickerpack resize "
                    + "\(sticker.fileName) -o out.png --width \(target)"
            )
        ]
    }
}
