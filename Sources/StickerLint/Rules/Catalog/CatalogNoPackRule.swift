import StickerCatalog

/// A sticker catalog without a pack builds an app with nothing to send.
public struct CatalogNoPackRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.noPack
    public static let description = describe(
        "catalog-no-pack", name: "No sticker pack", severity: .error,
        summary: "The catalog holds no .stickerpack folder, so the app has no stickers.",
        example: (
            path: "Stickers.xcstickers",
            message: "holds no .stickerpack folder",
            hint: "add a sticker pack, or build one with stickerpack build"
        ))

    public init() {}
}
