import StickerCatalog

/// Every sticker and icon entry must name an image in its own folder.
public struct CatalogMissingImageRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.imageMissing
    public static let description = describe(
        "catalog-missing-image", name: "Missing image", severity: .error,
        summary: "A Contents.json names an image that is not in its folder, or a sticker names no image at all.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/cat.sticker/Contents.json",
            message: "names cat.png, which is not in the folder",
            hint: "add the image or correct the filename"
        ))

    public init() {}
}
