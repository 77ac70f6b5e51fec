import StickerImage

/// App Store Connect accepts png, jpg, jpeg and gif only, and the content must be what the name says.
public struct ExtensionMismatchRule: StickerRule {
    public static let description = RuleDescription(
        identifier: "extension-mismatch", name: "Extension mismatch", defaultSeverity: .error,
        summary:
            "The extension is not png, jpg, jpeg or gif (an APNG must be .png), or the content is another format "
            + "than the name says.",
        triggering: [
            RuleExample(
                .sticker(.example("wave.apng") { $0.format = .apng }), at: [.init("wave.apng", mentioning: ".apng")]),
            RuleExample(
                .sticker(.example("photo.png") { $0.format = .jpeg }),
                at: [.init("photo.png", mentioning: ".png", "JPEG")]),
            RuleExample(.sticker(.example("cat") { $0.format = .png }), at: ["cat"]),
            RuleExample(
                .sticker(.example("my.cat.jpeg") { $0.format = .png }),
                at: [.init("my.cat.jpeg", mentioning: ".jpeg", "PNG")]),
        ],
        nonTriggering: [
            .sticker(.example("wave.png") { $0.format = .apng }),
            .sticker(.example("photo.JPEG") { $0.format = .jpeg }),
            .sticker(
                .example("a.webp") {
                    $0.format = nil
                    $0.decodeError = .unsupportedFormat("WebP image")
                }),
        ])

    public init() {}

    public func check(_ sticker: StickerFacts, context: PackContext) -> [Finding] {
        let ext = sticker.fileExtension
        guard let format = sticker.format else { return [] }
        let stem = ext.isEmpty ? sticker.fileName : String(sticker.fileName.dropLast(ext.count + 1))
        let expected = format.acceptedExtensions[0]
        if !ImageFormat.stickerExtensions.contains(ext) {
            let named = ext.isEmpty ? "has no extension" : "has the extension .\(ext)"
            let why = ext == "apng" ? " App Store Connect rejects .apng." : ""
            return [
                Finding(
                    path: sticker.path, message: "the file \(named); stickers must be .png, .jpg, .jpeg or .gif.\(why)",
                    hint: "rename it to \(stem).\(expected)")
            ]
        }
        if !format.acceptedExtensions.contains(ext) {
            return [
                Finding(
                    path: sticker.path, message: "the file is named .\(ext) but holds \(format.displayName) data",
                    hint: "rename it to \(stem).\(expected), or export it again as \(ext.uppercased())")
            ]
        }
        return []
    }
}
