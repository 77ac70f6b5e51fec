import StickerJSON
import StickerQuality

/// One JSON encoding of a score, for every report that carries one (fit's files, compare's result).
extension StickerScore {
    var json: JSONValue { .object(jsonFields) }

    var jsonFields: [(String, JSONValue)] {
        [
            ("worst", .number(worst)), ("mean", .number(mean)), ("worstFrame", .int(worstFrame)),
            ("worstBackground", .string(worstBackground.rawValue)), ("framesScored", .int(framesScored)),
        ]
    }
}
