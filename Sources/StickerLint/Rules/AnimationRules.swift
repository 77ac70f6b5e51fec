import StickerImage

/// Players clamp very short delays: browsers turn GIF delays of 10 ms or less into 100 ms, ImageIO does likewise.
public struct FrameDelayRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "frame-delay", name: "Frame delay", defaultSeverity: .warning,
        summary:
            "A frame delay is so short (10 ms or less) that players clamp it, so the sticker plays slower than drawn.",
        triggering: [
            RuleExample(
                .sticker(
                    .example("a.gif") {
                        $0.format = .gif
                        $0.frameCount = 3
                        $0.delaysMs = [0, 0, 0]
                    }), at: [.init("a.gif", mentioning: "every frame", "0 ms")]),
            RuleExample(
                .sticker(
                    .example("b.gif") {
                        $0.format = .gif
                        $0.frameCount = 3
                        $0.delaysMs = [100, 10, 100]
                    }), at: [.init("b.gif", mentioning: "1 of 3 frames", "frame 1", "10 ms")]),
        ],
        nonTriggering: [
            .sticker(
                .example("a.gif") {
                    $0.format = .gif
                    $0.frameCount = 2
                    $0.delaysMs = [20, 100]
                }),
            .sticker(.example()),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        let limit = context.settings.shortDelayMs
        let short = sticker.delaysMs.enumerated().filter { $0.element <= limit }
        guard let first = short.first else { return [] }
        let which =
            short.count == sticker.delaysMs.count
            ? "every frame" : "\(short.count) of \(sticker.delaysMs.count) frames (first: frame \(first.offset))"
        return [
            Finding(
                path: sticker.path,
                message:
                    "\(which) has a delay of \(Int(first.element)) ms; players show delays of \(Int(limit)) ms or "
                    + "less as 100 ms",
                hint: "set delays of at least 20 ms (2 hundredths of a second in GIF)")
        ]
    }
}

/// An animated sticker that stops after one play looks broken in a conversation.
public struct LoopCountRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "loop-count", name: "Loop count", defaultSeverity: .warning,
        summary:
            "An animated sticker does not loop forever (a GIF without a NETSCAPE2.0 loop, or an APNG with num_plays "
            + "> 0).",
        triggering: [
            RuleExample(
                .sticker(
                    .example("a.gif") {
                        $0.format = .gif
                        $0.frameCount = 2
                        $0.delaysMs = [100, 100]
                        $0.loopCount = nil
                    }), at: ["a.gif"]),
            RuleExample(
                .sticker(
                    .example {
                        $0.format = .apng
                        $0.frameCount = 2
                        $0.delaysMs = [100, 100]
                        $0.loopCount = 1
                    }), at: ["cat.png"]),
        ],
        nonTriggering: [
            .sticker(
                .example {
                    $0.format = .apng
                    $0.frameCount = 2
                    $0.delaysMs = [100, 100]
                    $0.loopCount = 0
                }),
            .sticker(.example()),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard sticker.isAnimated, sticker.loopCount != 0 else { return [] }
        let what: String
        if let count = sticker.loopCount {
            what =
                sticker.format == .gif
                ? "the animation repeats \(count) time\(count == 1 ? "" : "s"), then stops"
                : "the animation plays \(count) time\(count == 1 ? "" : "s"), then stops"
        } else {
            what = "the GIF has no loop count, so it plays once and stops"
        }
        return [Finding(path: sticker.path, message: what, hint: "set the loop count to 0 (forever) when exporting")]
    }
}

/// Apple recommends PNG and APNG: better quality and alpha for the same bytes.
public struct PreferPNGRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "prefer-png", name: "Prefer PNG", defaultSeverity: .info,
        summary: "GIF or JPEG where Apple recommends PNG or APNG.",
        triggering: [
            RuleExample(.sticker(.example("a.gif") { $0.format = .gif }), at: [.init("a.gif", mentioning: "GIF")]),
            RuleExample(.sticker(.example("a.jpg") { $0.format = .jpeg }), at: [.init("a.jpg", mentioning: "JPEG")]),
        ],
        nonTriggering: [.sticker(.example()), .sticker(.example { $0.format = .apng })])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let format = sticker.format, format == .gif || format == .jpeg, sticker.decoded else { return [] }
        let better = format == .gif ? "APNG (full alpha, more than 256 colours)" : "PNG (with transparency)"
        return [
            Finding(
                path: sticker.path, message: "\(format.displayName) sticker; Apple recommends PNG and APNG",
                hint: "export it as \(better)")
        ]
    }
}

/// A JPEG whose EXIF says to rotate it: Messages may show it as stored, sideways.
public struct OrientationRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "exif-orientation", name: "EXIF orientation", defaultSeverity: .warning,
        summary: "A JPEG carries an EXIF orientation other than 1, so viewers disagree about which way is up.",
        triggering: [
            RuleExample(
                .sticker(
                    .example("a.jpg") {
                        $0.format = .jpeg
                        $0.exifOrientation = 6
                    }), at: [.init("a.jpg", mentioning: "orientation 6")])
        ],
        nonTriggering: [
            .sticker(
                .example("a.jpg") {
                    $0.format = .jpeg
                    $0.exifOrientation = 1
                }), .sticker(.example()),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let orientation = sticker.exifOrientation, orientation != 1 else { return [] }
        return [
            Finding(
                path: sticker.path,
                message: "EXIF orientation \(orientation): the pixels are stored rotated or flipped",
                hint: "rotate the pixels themselves and drop the EXIF orientation when exporting")
        ]
    }
}
