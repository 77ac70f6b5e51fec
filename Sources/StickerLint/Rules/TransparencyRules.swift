/// Stickers are placed over bubbles and photos: they should have a transparent background.
public struct NoTransparencyRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "no-transparency", name: "No transparency", defaultSeverity: .warning,
        summary:
            "The sticker has no transparent pixel at all (every JPEG), so it shows as a rectangle over bubbles and "
            + "photos.",
        triggering: [
            RuleExample(
                .sticker(
                    .example("photo.jpg") {
                        $0.format = .jpeg
                        $0.hasAlphaChannel = false
                        $0.transparentPixels = 0
                    }), at: ["photo.jpg"]),
            RuleExample(.sticker(.example { $0.transparentPixels = 0 }), at: ["cat.png"]),
        ],
        nonTriggering: [
            .sticker(.example()),
            .sticker(
                .example {
                    $0.decodeError = .malformed("x")
                    $0.transparentPixels = 0
                }),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard sticker.decoded, sticker.transparentPixels == 0 else { return [] }
        let why = sticker.format == .jpeg ? "JPEG has no transparency" : "no pixel of the first frame is transparent"
        return [
            Finding(
                path: sticker.path, message: "\(why): the sticker shows as an opaque rectangle",
                hint: "export it as PNG with a transparent background")
        ]
    }
}

/// Has transparency somewhere, but the whole border is opaque: usually a background left in by mistake.
public struct OpaqueBackgroundRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "opaque-background", name: "Opaque background", defaultSeverity: .warning,
        summary:
            "The sticker has transparent pixels, but the whole border of the first frame is opaque: a background was "
            + "likely left in.",
        triggering: [
            RuleExample(
                .sticker(
                    .example {
                        $0.borderOpaque = true
                        $0.transparentPixels = 10
                    }), at: [.init("cat.png", mentioning: "border")])
        ],
        nonTriggering: [
            .sticker(.example()),
            .sticker(
                .example {
                    $0.borderOpaque = true
                    $0.transparentPixels = 0
                }),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard sticker.decoded, sticker.hasAlphaChannel, sticker.transparentPixels > 0, sticker.borderOpaque else {
            return []
        }
        return [
            Finding(
                path: sticker.path,
                message: "every pixel on the border is opaque, though the sticker has transparent pixels inside",
                hint: "remove the background so the sticker's outline sits on the conversation")
        ]
    }
}
