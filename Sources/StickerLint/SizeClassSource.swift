/// Where a pack's size class came from, in the order the linter asks.
public enum SizeClassSource: Sendable, Equatable, CustomStringConvertible {
    case commandLine
    /// A configuration file, by its name (`.stickerpack.yml`), or one given in code.
    case configuration(file: String?)
    case catalogGridSize
    case mostCommonSize
    case defaultClass

    /// How reports say it: "regular class (408 px, from the catalog's grid-size)".
    public var description: String {
        switch self {
        case .commandLine: "--size-class"
        case .configuration(let file): file ?? "the configuration"
        case .catalogGridSize: "the catalog's grid-size"
        case .mostCommonSize: "the most common sticker size"
        case .defaultClass: "the default"
        }
    }
}
