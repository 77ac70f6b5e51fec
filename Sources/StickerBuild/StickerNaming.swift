import Foundation

/// File-system-safe, case-insensitively unique sticker names, and readable labels from file names.
public enum StickerNaming {
    /// Letters, digits, spaces, `-` and `_` kept; anything else becomes `-`; never empty, never hidden.
    public static func safeName(_ raw: String) -> String {
        var out = ""
        for scalar in raw.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == " " {
                out.unicodeScalars.append(scalar)
            } else {
                out += "-"
            }
        }
        out = out.trimmingCharacters(in: CharacterSet(charactersIn: " -."))
        return out.isEmpty ? "sticker" : String(out.prefix(100))
    }

    /// `names` made unique when case is ignored, by suffixes -2, -3, ...; order kept.
    public static func uniqued(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            var candidate = name
            var n = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(name)-\(n)"
                n += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// "happy_cat-2" -> "Happy cat 2": the file name made readable, for a default accessibility label.
    public static func readableLabel(_ name: String) -> String {
        var words = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        // camelCase to words
        var spaced = ""
        var previous: Character?
        for c in words {
            if let p = previous, p.isLowercase, c.isUppercase { spaced.append(" ") }
            spaced.append(c)
            previous = c
        }
        words = spaced.split(separator: " ").joined(separator: " ").lowercased()
        guard let first = words.first else { return name }
        return first.uppercased() + words.dropFirst()
    }
}
