import StickerCatalog

/// A rule over one kind of problem the catalog reader found: the reader gathers the facts while it reads
/// the `Contents.json` files (as Xcode would), the rule gives them an identifier and a severity.
public protocol CatalogIssueRule: Rule {
    static var kind: CatalogIssue.Kind { get }
}

extension CatalogIssueRule {
    public func check(_ pack: LintPack) -> [Finding] {
        pack.catalogIssues.filter { $0.kind == Self.kind }.map {
            Finding(path: $0.path, message: $0.message, hint: $0.hint)
        }
    }

    /// The group every catalog rule belongs to, so `rules: {catalog: off}` turns them all off.
    static var group: String { "catalog" }

    /// Examples from the issue the reader reports: a pack with it (and an issue of another kind, which this
    /// rule must leave alone) triggers once; a clean catalog and one with only other issues do not.
    static func examples(
        path: String, message: String, hint: String
    ) -> (triggering: [RuleExample], nonTriggering: [LintPack]) {
        let this = CatalogIssue(path: path, kind: kind, message: message, hint: hint)
        let other = CatalogIssue(
            path: "Stickers.xcstickers/Contents.json", kind: kind == .unknownKey ? .noPack : .unknownKey,
            message: "another problem", hint: "another fix")
        return (
            [
                RuleExample(
                    LintPack(stickers: [.example()], catalogIssues: [this]), at: [.init(path, mentioning: message)]),
                RuleExample(
                    LintPack(stickers: [], catalogIssues: [other, this, this]),
                    at: [.init(path, mentioning: message), .init(path, mentioning: message)]),
            ],
            [LintPack(stickers: [.example()]), LintPack(stickers: [.example()], catalogIssues: [other])]
        )
    }

    static func describe(
        _ identifier: String, name: String, severity: Severity, summary: String,
        example: (path: String, message: String, hint: String)
    ) -> RuleDescription {
        let (triggering, nonTriggering) = examples(path: example.path, message: example.message, hint: example.hint)
        return RuleDescription(
            identifier: identifier, name: name, defaultSeverity: severity, group: group, summary: summary,
            triggering: triggering, nonTriggering: nonTriggering)
    }
}
