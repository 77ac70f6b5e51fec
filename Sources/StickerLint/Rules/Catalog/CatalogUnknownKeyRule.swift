import StickerCatalog

/// Xcode ignores keys it does not know: a misspelt one silently does nothing.
public struct CatalogUnknownKeyRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.unknownKey
    public static let description = describe(
        "catalog-unknown-key", name: "Unknown key", severity: .warning,
        summary: "A Contents.json has a key Xcode does not know (often a misspelling such as grid-space or repetions).",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json",
            message: "unknown key 'grid-space' in the pack's properties (did you mean 'grid-size'?); Xcode ignores it",
            hint: "remove it or correct the spelling"
        ))

    public init() {}
}
