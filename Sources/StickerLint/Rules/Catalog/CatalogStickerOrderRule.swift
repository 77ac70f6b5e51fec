import StickerCatalog

/// Without a stickers array the display order is left to chance.
public struct CatalogStickerOrderRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.stickerListMissing
    public static let description = describe(
        "catalog-sticker-order", name: "Sticker order", severity: .warning,
        summary: "The pack has no stickers array, so the order stickers show in is not set.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "has no stickers array, so the display order is not set",
            hint: "rebuild the catalog with stickerpack build to list every sticker in order"
        ))

    public init() {}
}
