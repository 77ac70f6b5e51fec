/// Every rule, in the order reports list them.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        DecodeErrorRule.self, UnsupportedFormatRule.self, ExtensionMismatchRule.self, FileSizeRule.self,
        DimensionsRule.self, SizeClassRule.self, NotSquareRule.self, NoTransparencyRule.self,
        OpaqueBackgroundRule.self, FrameDelayRule.self, LoopCountRule.self, DuplicateRule.self,
        PreferPNGRule.self, OrientationRule.self, DecodeWarningRule.self, CatalogRule.self, AppIconRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static var identifiers: [String] { descriptions.map(\.identifier) }

    public static func description(of identifier: String) -> RuleDescription? {
        descriptions.first { $0.identifier == identifier }
    }
}
