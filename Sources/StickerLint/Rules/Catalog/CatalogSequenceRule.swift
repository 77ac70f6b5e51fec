import StickerCatalog

/// A sticker sequence needs frames and a timing Xcode understands.
public struct CatalogSequenceRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.sequenceInvalid
    public static let description = describe(
        "catalog-sequence", name: "Sequence", severity: .error,
        summary: "A .stickersequence has no frames, or a duration-type other than fixed or fps.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/wave.stickersequence/Contents.json",
            message: "the sequence has no frames",
            hint: "list its frame images under frames"
        ))

    public init() {}
}
