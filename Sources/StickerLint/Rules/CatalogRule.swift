/// Problems of an Xcode catalog's structure, found by the catalog reader.
public struct CatalogRule: Rule {
    public static let description = RuleDescription(
        identifier: "catalog", name: "Catalog", defaultSeverity: .error,
        summary:
            "The catalog's Contents.json files and folders disagree (unlisted or missing stickers, missing files, "
            + "bad grid-size, misspelled keys, names colliding when case is ignored, labels over 150 characters).",
        triggering: [
            LintPack(
                stickers: [],
                catalogProblems: [
                    CatalogProblem(
                        path: "Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json", severity: .error,
                        message: "lists cat.sticker, which is not there", hint: "remove the entry")
                ])
        ],
        nonTriggering: [LintPack(stickers: [.example()])])

    public init() {}

    public func check(_ pack: LintPack) -> [Finding] {
        pack.catalogProblems.map { Finding(path: $0.path, message: $0.message, hint: $0.hint, severity: $0.severity) }
    }
}
