import Foundation

/// What the terminal allows: colours and a redrawn progress bar only on a TTY, never in pipes.
public enum Terminal {
    public static func isTerminal(stdout: Bool) -> Bool { isatty(stdout ? STDOUT_FILENO : STDERR_FILENO) == 1 }

    /// NO_COLOR (no-color.org) and TERM=dumb turn colours off.
    public static var coloursAllowed: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["NO_COLOR"].map { $0.isEmpty } ?? true && env["TERM"] != "dumb"
    }
}
