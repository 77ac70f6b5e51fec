import StickerCatalog

/// Xcode skips a folder whose Contents.json is missing or broken, so its stickers never ship.
public struct CatalogContentsRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.contentsJSON
    public static let description = describe(
        "catalog-contents", name: "Contents.json", severity: .error,
        summary: "A catalog folder has no Contents.json, or it is unreadable, not JSON, or not a JSON object.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/cat.sticker",
            message: "has no Contents.json",
            hint: "Xcode ignores a folder without one: add it, or rebuild the catalog with stickerpack build"
        ))

    public init() {}
}
