import StickerCatalog

/// A sticker's filename names a file in its own folder, never a path out of it.
public struct CatalogUnsafeFilenameRule: CatalogIssueRule {
    public static let kind = CatalogIssue.Kind.unsafeFilename
    public static let description = describe(
        "catalog-unsafe-filename", name: "Unsafe filename", severity: .error,
        summary: "A Contents.json names a file with .. or a path separator, out of its folder; it is not read.",
        example: (
            path: "Stickers.xcstickers/Sticker Pack.stickerpack/cat.sticker/Contents.json",
            message: "names ../../secret.png, which is not an image in this folder (no '..', no '/'); it was not read",
            hint: "set it to the name of an image in the folder itself"
        ))

    public init() {}
}
