/// Every rule, in the order reports list them.
public enum RuleRegistry {
    public static let all: [any Rule.Type] =
        [
            DecodeErrorRule.self, UnsupportedFormatRule.self, ExtensionMismatchRule.self, FileSizeRule.self,
            DimensionsRule.self, SizeClassRule.self, NotSquareRule.self, NoTransparencyRule.self,
            OpaqueBackgroundRule.self, FrameDelayRule.self, LoopCountRule.self, DuplicateRule.self,
            PreferPNGRule.self, OrientationRule.self, NameCollisionRule.self, DecodeWarningRule.self, AppIconRule.self,
        ] + catalog

    /// The catalog's own rules (group `catalog`), in the order the reader meets them.
    static let catalog: [any Rule.Type] = [
        CatalogContentsRule.self, CatalogUnknownKeyRule.self, CatalogNoPackRule.self, CatalogGridSizeRule.self,
        CatalogGridSizeMissingRule.self, CatalogStickerListRule.self, CatalogStickerOrderRule.self,
        CatalogListedTwiceRule.self, CatalogMissingStickerRule.self, CatalogUnlistedStickerRule.self,
        CatalogCaseCollisionRule.self, CatalogLabelLengthRule.self, CatalogSequenceRule.self,
        CatalogEmptyFrameRule.self, CatalogMissingImageRule.self, CatalogIconEntryRule.self,
        CatalogOutsideLinkRule.self,
        CatalogUnsafeFilenameRule.self, CatalogUnlistableFolderRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static var identifiers: [String] { descriptions.map(\.identifier) }

    /// Group names (`catalog`): a configuration or --disable may name a group for all of its rules.
    public static var groups: [String] {
        descriptions.compactMap(\.group).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// What a configuration or --disable may name: a rule or a group.
    public static var settingNames: [String] { identifiers + groups }

    public static func description(of identifier: String) -> RuleDescription? {
        descriptions.first { $0.identifier == identifier }
    }
}
