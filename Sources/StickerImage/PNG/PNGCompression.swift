/// How hard the PNG/APNG encoder compresses: a libdeflate level, 0 (stored) to 12 (smallest, slowest).
public struct PNGCompression: Sendable, Hashable, CustomStringConvertible {
    public let level: Int
    /// Every filter strategy compressed and the smallest kept, whatever the image's size; an APNG's frames planned
    /// by trials at the middle level, and an opaque animation's two plans (with a clear colour for blend "over" and
    /// without) compared on a sample of frames: `max`'s breadth. Level 12 is thorough, the others are not unless
    /// asked for.
    public let thorough: Bool

    public init?(level: Int) {
        self.init(level: level, thorough: level >= 12)
    }

    /// `level` with `max`'s breadth or without it, whatever the level.
    public init?(level: Int, thorough: Bool) {
        guard (0...12).contains(level) else { return nil }
        self.level = level
        self.thorough = thorough
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

    public var description: String {
        switch self {
        case .fast: return "fast (\(level))"
        case .max: return "max (\(level))"
        default: return thorough ? "thorough (\(level))" : String(level)
        }
    }
}
