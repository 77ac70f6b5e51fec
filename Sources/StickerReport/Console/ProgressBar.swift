import Foundation

/// A progress bar on standard error: count, percentage and time left, redrawn in place at most ten times a
/// second; with --verbose each finished file gets a line of its own above it.
public final class ProgressBar: @unchecked Sendable {
    /// Shorter runs finish before a bar would help.
    public static let minimumTotal = 20
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

    public init(verb: String, total: Int, drawsBar: Bool, listsFiles: Bool) {
        self.verb = verb
        self.total = total
        self.drawsBar = drawsBar
        self.listsFiles = listsFiles
    }

    /// For `Linter.lint` and other callers that report (done, total, path).
    public var callback: @Sendable (Int, Int, String) -> Void { { [self] done, _, path in update(done, path: path) } }

    /// One more file done, for callers that do not count themselves.
    public func advance(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        draw(done, path: path)
    }

    public func update(_ done: Int, path: String) {
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
    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = false
    }
}
