import Foundation

/// What the terminal allows: colours and a redrawn progress line only on a TTY, never in pipes.
enum Terminal {
    static func isTerminal(stdout: Bool) -> Bool { isatty(stdout ? STDOUT_FILENO : STDERR_FILENO) == 1 }

    /// NO_COLOR (no-color.org) and TERM=dumb turn colours off.
    static var coloursAllowed: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["NO_COLOR"].map { $0.isEmpty } ?? true && env["TERM"] != "dumb"
    }
}

/// A progress line on standard error for long runs: count, percentage and time left, redrawn in place.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// nil when stderr is not a terminal, when quiet, or when the run is too short to need one.
    static func forStandardError(enabled: Bool, total: Int) -> ProgressLine? {
        guard enabled, total >= 20, Terminal.isTerminal(stdout: false) else { return nil }
        return ProgressLine()
    }

    func update(_ done: Int, _ total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let elapsed = now.timeIntervalSince(start)
        let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        let line = String(format: "\r  linting %d/%d (%d%%), %.0f s left ", done, total, done * 100 / max(total, 1), left)
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
