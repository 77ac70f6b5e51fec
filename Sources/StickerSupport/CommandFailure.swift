/// An error a command ends with: what to tell the person (a line each, with what to do) and whether the command
/// line is at fault (exit status 2) or the work is (exit status 1). The libraries throw these; the executable
/// prints them and exits, in one place.
public protocol CommandFailure: Error {
    var messages: [String] { get }
    var isUsage: Bool { get }
}

/// A failure that is only its message.
public struct PlainFailure: CommandFailure, CustomStringConvertible {
    public let messages: [String]
    public let isUsage: Bool

    public init(_ message: String, isUsage: Bool = false) {
        self.init(lines: [message], isUsage: isUsage)
    }

    public init(lines: [String], isUsage: Bool = false) {
        messages = lines
        self.isUsage = isUsage
    }

    public var description: String { messages.joined(separator: "\n") }
}

/// The exit statuses every command uses.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The work found a problem: a file that does not decode, a lint error.
    public static let failure: Int32 = 1
    /// The command line or the configuration is wrong.
    public static let usage: Int32 = 2
}
