/// How hard the PNG/APNG encoder compresses: a libdeflate level, 0 (stored) to 12 (smallest, slowest).
public struct PNGCompression: Sendable, Hashable, CustomStringConvertible {
    public let level: Int

    public init?(level: Int) {
        guard (0...12).contains(level) else { return nil }
        self.level = level
    }

    /// `fast`, `max`, or a level from 0 to 12, as the command line spells them; nil for anything else.
    public init?(text argument: String) {
        switch argument.lowercased() {
        case "fast": self = .fast
        case "max": self = .max
        default:
            guard let level = Int(argument).flatMap(PNGCompression.init(level:)) else { return nil }
            self = level
        }
    }

    /// The default: smaller files than zlib's level 9 in less time than zlib's level 6 (see the README's
    /// Performance figures, measured on real stickers).
    public static let fast = PNGCompression(level: 6)!
    /// libdeflate's strongest level, and every filter strategy tried on every image.
    public static let max = PNGCompression(level: 12)!

    /// Whether every filter strategy is compressed and the smallest kept, whatever the image's size.
    var triesEveryFilterStrategy: Bool { level >= PNGCompression.max.level }

    public var description: String {
        switch self {
        case .fast: return "fast (\(level))"
        case .max: return "max (\(level))"
        default: return String(level)
        }
    }
}
