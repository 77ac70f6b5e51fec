import ArgumentParser
import Foundation

/// What the terminal allows: colours and a redrawn progress bar only on a TTY, never in pipes.
enum Terminal {
    static func isTerminal(stdout: Bool) -> Bool { isatty(stdout ? STDOUT_FILENO : STDERR_FILENO) == 1 }

    /// NO_COLOR (no-color.org) and TERM=dumb turn colours off.
    static var coloursAllowed: Bool {
        let env = ProcessInfo.processInfo.environment
        return env["NO_COLOR"].map { $0.isEmpty } ?? true && env["TERM"] != "dumb"
    }
}

/// --quiet and --verbose, shared by the commands that work through many files.
struct ConsoleOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "No progress bar and no per-file lines.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "List each file on standard error as it is done.")
    var verbose = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Files worked on at once (default: one per core).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    /// A bar for long runs on a terminal, per-file lines with --verbose, nothing with --quiet.
    func progress(total: Int, verb: String) -> ProgressBar? {
        if quiet { return nil }
        // A dumb terminal cannot redraw a line in place.
        let bar =
            total >= ProgressBar.minimumTotal && Terminal.isTerminal(stdout: false)
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        guard bar || verbose else { return nil }
        return ProgressBar(verb: verb, total: total, drawsBar: bar, listsFiles: verbose)
    }
}

/// A progress bar on standard error: count, percentage and time left, redrawn in place at most ten times a
/// second; with --verbose each finished file gets a line of its own above it.
final class ProgressBar: @unchecked Sendable {
    /// Shorter runs finish before a bar would help.
    static let minimumTotal = 20
    static let width = 24

    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private var done = 0
    let verb: String
    let total: Int
    let drawsBar: Bool
    let listsFiles: Bool

    init(verb: String, total: Int, drawsBar: Bool, listsFiles: Bool) {
        self.verb = verb
        self.total = total
        self.drawsBar = drawsBar
        self.listsFiles = listsFiles
    }

    /// For `Linter.lint` and other callers that report (done, total, path).
    var callback: @Sendable (Int, Int, String) -> Void { { [self] done, _, path in update(done, path: path) } }

    /// One more file done, for callers that do not count themselves.
    func advance(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        draw(done, path: path)
    }

    func update(_ done: Int, path: String) {
        lock.lock()
        defer { lock.unlock() }
        self.done = done
        draw(done, path: path)
    }

    private func draw(_ done: Int, path: String) {
        var text = ""
        if listsFiles { text += (drawn ? "\r\u{1B}[K" : "") + "  [\(done)/\(total)] \(path)\n" }
        let now = Date()
        if drawsBar && (listsFiles || done == total || now.timeIntervalSince(lastDraw) > 0.1) {
            lastDraw = now
            text +=
                "\r" + Self.line(verb: verb, done: done, total: total, elapsed: now.timeIntervalSince(start))
                + "\u{1B}[K"
            drawn = true
        }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }

    /// "  linting [#########---------------] 12/40  30%  0:05 left"
    static func line(verb: String, done: Int, total: Int, elapsed: TimeInterval) -> String {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        var left = "--:--"
        if done > 0 {
            let seconds = Int((elapsed / Double(done) * Double(total - done)).rounded())
            left = String(format: "%d:%02d", seconds / 60, seconds % 60)
        }
        return "  \(verb) [\(bar)] \(done)/\(total) \(String(format: "%3d", Int(fraction * 100)))%  \(left) left"
    }

    /// Clears the bar, so what follows starts on a clean line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}
