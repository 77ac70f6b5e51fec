import StickerCatalog

/// A sticker listed twice shows once; the second entry is a leftover.
public struct CatalogListedTwiceRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.stickerListedTwice
    public static let description = describe(
        "catalog-listed-twice", name: "Listed twice", severity: .warning,
        summary: "The pack's stickers array lists the same sticker twice.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "lists cat.sticker twice",
            hint: "remove the second entry"
        ))

    public init() {}
}
