import StickerCatalog

/// macOS file systems ignore case: two names that differ only in case are one folder there.
public struct CatalogCaseCollisionRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.caseCollision
    public static let description = describe(
        "catalog-case-collision", name: "Case collision", severity: .error,
        summary: "Two sticker folders differ only in case, so they collide on a case-insensitive file system (macOS).",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/Cat.sticker",
            message: "Cat.sticker and cat.sticker differ only in case; they collide on a case-insensitive file system",
            hint: "rename one of them"
        ))

    public init() {}
}
