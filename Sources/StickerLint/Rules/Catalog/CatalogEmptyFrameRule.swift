import StickerCatalog

/// An empty frame entry is skipped; the sequence has one frame fewer than it lists.
public struct CatalogEmptyFrameRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.sequenceEmptyFrame
    public static let description = describe(
        "catalog-empty-frame", name: "Empty frame entry", severity: .warning,
        summary: "A .stickersequence lists an empty {} frame entry, which Xcode skips.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/wave.stickersequence/Contents.json",
            message: "frames[3] is empty",
            hint: "remove the empty entry"
        ))

    public init() {}
}
