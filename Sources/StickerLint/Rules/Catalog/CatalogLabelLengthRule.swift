import StickerCatalog

/// Messages keeps 150 characters of a sticker's description.
public struct CatalogLabelLengthRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.labelTooLong
    public static let description = describe(
        "catalog-label-length", name: "Label length", severity: .warning,
        summary: "A sticker's accessibility label is longer than 150 characters, so VoiceOver users hear it cut.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/cat.sticker/Contents.json",
            message: "the accessibility label is 180 characters; the limit is 150",
            hint: "shorten it to 150 characters or fewer"
        ))

    public init() {}
}
