import StickerCatalog

/// Without grid-size Xcode uses regular, which may not be the art's class.
public struct CatalogGridSizeMissingRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.gridSizeMissing
    public static let description = describe(
        "catalog-grid-size-missing", name: "Grid size missing", severity: .warning,
        summary: "The pack has no grid-size, so Xcode falls back to regular whatever the art's size.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "has no grid-size; Xcode falls back to regular",
            hint: "set properties.grid-size to small, regular or large"
        ))

    public init() {}
}
