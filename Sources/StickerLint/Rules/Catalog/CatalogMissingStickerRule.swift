import StickerCatalog

/// A listed sticker whose folder is gone breaks the build.
public struct CatalogMissingStickerRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.stickerMissing
    public static let description = describe(
        "catalog-missing-sticker", name: "Missing sticker", severity: .error,
        summary: "The pack lists a .sticker or .stickersequence folder that is not there.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "lists cat.sticker, which is not there",
            hint: "remove the entry or restore the folder"
        ))

    public init() {}
}
