import StickerImage

/// The file does not decode fully: truncated, a CRC or zlib error, malformed APNG or GIF structure.
public struct DecodeErrorRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "decode-error", name: "Decode error", defaultSeverity: .error,
        summary: "The file does not decode fully (truncated, CRC or zlib error, malformed APNG or GIF, unreadable).",
        triggering: [
            RuleExample(
                .sticker(.example { $0.decodeError = .malformed("truncated PNG: the file ends before IEND") }),
                at: [.init("cat.png", mentioning: "truncated PNG")]),
            RuleExample(
                .sticker(.example { $0.decodeError = .unreadable("permission denied") }),
                at: [.init("cat.png", mentioning: "permission denied")]),
        ],
        nonTriggering: [
            .sticker(.example()),
            .sticker(.example { $0.decodeError = .unsupportedFormat("WebP image") }),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard let error = sticker.decodeError else { return [] }
        if case .unsupportedFormat = error { return [] }
        return [Finding(path: sticker.path, message: error.description, hint: error.hint)]
    }
}

/// Problems the decoder worked around; some viewers will not.
public struct DecodeWarningRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "decode-warning", name: "Decode warning", defaultSeverity: .warning,
        summary: "The file decodes, but only by working around a defect that other decoders may not forgive.",
        triggering: [
            RuleExample(
                .sticker(.example { $0.decodeWarnings = ["the file has 2 acTL chunks, so it shows as a still image"] }),
                at: [.init("cat.png", mentioning: "2 acTL chunks")])
        ],
        nonTriggering: [.sticker(.example())])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        sticker.decodeWarnings.map {
            Finding(path: sticker.path, message: $0, hint: "export the sticker again from the source art")
        }
    }
}

/// Not PNG, APNG, GIF or JPEG.
public struct UnsupportedFormatRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "unsupported-format", name: "Unsupported format", defaultSeverity: .error,
        summary: "The content is not PNG, APNG, GIF or JPEG, the only formats a sticker can be.",
        triggering: [
            RuleExample(
                .sticker(
                    .example("a.webp") {
                        $0.format = nil
                        $0.decodeError = .unsupportedFormat("WebP image")
                    }), at: [.init("a.webp", mentioning: "WebP")])
        ],
        nonTriggering: [.sticker(.example()), .sticker(.example { $0.decodeError = .malformed("CRC error") })])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        guard case .unsupportedFormat(let what)? = sticker.decodeError else { return [] }
        return [
            Finding(
                path: sticker.path, message: "unsupported format: \(what)",
                hint: "export the sticker as PNG (or APNG for animation); GIF and JPEG also work")
        ]
    }
}
