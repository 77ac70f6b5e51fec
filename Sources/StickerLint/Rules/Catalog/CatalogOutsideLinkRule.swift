import StickerCatalog

/// A gate on an untrusted pull request must read nothing outside the repository.
public struct CatalogOutsideLinkRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.outsideLink
    public static let description = describe(
        "catalog-outside-link", name: "Link out of the catalog", severity: .error,
        summary: "A symbolic link in the catalog leads outside it; it is not read unless --follow-symlinks is given.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/cat.sticker/cat.png",
            message: "not read: a symbolic link to /etc/secret.png, outside Stickers.xcstickers",
            hint: "replace the link with the file itself, or pass --follow-symlinks if you trust it"
        ))

    public init() {}
}
