import StickerCatalog

/// The pack's grid-size must name one of the three size classes.
public struct CatalogGridSizeRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.gridSizeInvalid
    public static let description = describe(
        "catalog-grid-size", name: "Grid size", severity: .error,
        summary: "The pack's grid-size is not small, regular or large.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "grid-size 'medium' is not small, regular or large",
            hint: "set grid-size to the size class of the art"
        ))

    public init() {}
}
