/// A value of the old-style (OpenStep) property list an Xcode project file is written in: strings, arrays and
/// dictionaries, with Xcode's `/* comment */` after an object id.
enum OpenStepValue: Equatable {
    case string(String)
    /// An object id, written with the comment Xcode writes after it (the object's name), if any.
    case id(ObjectID, comment: String?)
    case array([OpenStepValue])
    /// Keys in the order given: Xcode writes `isa` first, the rest sorted.
    case dictionary([(String, OpenStepValue)])

    static func == (lhs: OpenStepValue, rhs: OpenStepValue) -> Bool { lhs.text(indent: 0) == rhs.text(indent: 0) }

    /// A dictionary with `isa` first and the other keys sorted, as Xcode writes objects.
    static func object(isa: String, _ fields: [String: OpenStepValue]) -> OpenStepValue {
        .dictionary([("isa", .string(isa))] + fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Settings: keys sorted, every value a string or a list of strings.
    static func settings(_ settings: [String: String]) -> OpenStepValue {
        .dictionary(settings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
    }

    /// The value as Xcode writes it: tabs for indentation, `;` after each entry, `,` after each item.
    func text(indent: Int) -> String {
        let tabs = String(repeating: "\t", count: indent)
        switch self {
        case .string(let text): return Self.quoted(text)
        case .id(let id, let comment): return id.hex + (comment.map { " /* \($0) */" } ?? "")
        case .array(let items):
            if items.isEmpty { return "(\n\(tabs))" }
            return "(\n" + items.map { "\(tabs)\t\($0.text(indent: indent + 1)),\n" }.joined() + "\(tabs))"
        case .dictionary(let entries):
            return "{\n"
                + entries.map { "\(tabs)\t\(Self.quoted($0.0)) = \($0.1.text(indent: indent + 1));\n" }.joined()
                + "\(tabs)}"
        }
    }

    /// Bare when Xcode would write it bare (letters, digits and `_$/:.-`, not empty), else in quotes with `"`,
    /// `\` and control characters escaped.
    static func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { Self.bareCharacters.contains($0) }
        if bare { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static let bareCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$/:.".unicodeScalars)
}
