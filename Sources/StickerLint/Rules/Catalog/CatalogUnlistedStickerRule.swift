import StickerCatalog

/// Only listed stickers ship; a folder left out is dead weight or a forgotten sticker.
public struct CatalogUnlistedStickerRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.stickerUnlisted
    public static let description = describe(
        "catalog-unlisted-sticker", name: "Unlisted sticker", severity: .warning,
        summary: "A sticker folder is on disk but not in the pack's stickers array, so it does not show in Messages.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/dog.sticker",
            message: "dog.sticker is not listed in the pack's stickers array, so it does not show in Messages",
            hint: "add it to the stickers array or delete the folder"
        ))

    public init() {}
}
