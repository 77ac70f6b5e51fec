/// A JSON value whose objects keep their keys in the order given, so that output is stable byte for byte.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }

    /// A number: integral values print without a fraction.
    public static func number(_ value: Double) -> JSONValue {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return .int(Int(value)) }
        return .double(value)
    }

    public static func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue {
        value.map(make) ?? .null
    }

    /// Serialises with two-space indentation and a trailing newline when `pretty`.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil, xcode: false)
        if pretty { out += "\n" }
        return out
    }

    /// As Xcode writes asset catalogs: keys sorted, `"key" : value`, two-space indentation, a final newline.
    public func serializedForXcode() -> String {
        var out = ""
        write(to: &out, indent: 0, xcode: true)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int?, xcode: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value): out += value.isFinite ? "\(value)" : "null"
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, indent: indent, to: &out) { index, out, inner in
                items[index].write(to: &out, indent: inner, xcode: xcode)
            }
        case .object(let unsorted):
            let members = xcode ? unsorted.sorted { $0.0 < $1.0 } : unsorted
            writeContainer(open: "{", close: "}", count: members.count, indent: indent, to: &out) { index, out, inner in
                JSONValue.writeString(members[index].0, to: &out)
                out += inner == nil ? ":" : xcode ? " : " : ": "
                members[index].1.write(to: &out, indent: inner, xcode: xcode)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, indent: Int?, to out: inout String,
        element: (Int, inout String, Int?) -> Void
    ) {
        out += open
        guard count > 0 else {
            out += close
            return
        }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { out += "," }
            if let inner { out += "\n" + String(repeating: " ", count: inner) }
            element(index, &out, inner)
        }
        if let indent { out += "\n" + String(repeating: " ", count: indent) }
        out += close
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
