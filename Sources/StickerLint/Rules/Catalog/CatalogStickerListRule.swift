import StickerCatalog

/// The pack's stickers array must be a list of {"filename": "name.sticker"}.
public struct CatalogStickerListRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.stickerListInvalid
    public static let description = describe(
        "catalog-sticker-list", name: "Sticker list", severity: .error,
        summary: "The pack's stickers is not an array, or an entry has no filename.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "stickers[2] has no filename",
            hint: "remove the entry or name its .sticker folder"
        ))

    public init() {}
}
