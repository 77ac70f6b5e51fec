/// How much a diagnostic matters. Errors fail the gate; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case error, warning, info

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .info: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem found in one file (or in the pack as a whole).
public struct Diagnostic: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    /// The file the problem is in, as the user named it.
    public var path: String
    public var message: String
    /// What to do about it, in a line.
    public var hint: String

    public init(rule: String, severity: Severity, path: String, message: String, hint: String) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.message = message
        self.hint = hint
    }
}
