import StickerCatalog

/// A folder of the catalog that cannot be listed hides its stickers from Xcode and from every other rule.
public struct CatalogUnlistableFolderRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.unlistableFolder
    public static let description = describe(
        "catalog-unlistable-folder", name: "Unlistable folder", severity: .error,
        summary:
            "A catalog, pack or sticker folder cannot be listed (no permission, not a folder): nothing in it is read.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack",
            message: "cannot list the folder: permission denied; nothing in it was read",
            hint: "make the folder readable (check its permissions and owner)"
        ))

    public init() {}
}
