import StickerCatalog

/// Xcode places each icon by size, scale and idiom; an entry without them is ignored.
public struct CatalogIconEntryRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.iconEntryIncomplete
    public static let description = describe(
        "catalog-icon-entry", name: "Icon entry", severity: .warning,
        summary: "An entry of the app icon set lacks its size, scale or idiom, so Xcode cannot place it.",
        example: (
            path: "Stickers.xcstickers/iMessage App Icon.stickersiconset/Contents.json",
            message: "an image entry lacks size, scale or idiom",
            hint: "rebuild the icon set with stickerpack icons"
        ))

    public init() {}
}
