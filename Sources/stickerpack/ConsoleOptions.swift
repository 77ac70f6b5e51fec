import ArgumentParser
import Foundation
import StickerReport

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

    /// What a library entry is given to show progress: told a step's verb and how many files it has, it returns
    /// the callback each file's path is given as it is done (nil when nothing is shown).
    typealias Started = (_ verb: String, _ total: Int) -> (@Sendable (String) -> Void)?

    /// Runs a library entry with a progress bar for each step it starts, cleared when it returns or fails; its
    /// `CommandFailure` ends the command as `Console.attempt` says.
    func run<T>(_ body: (Started) throws -> T) throws -> T {
        var bar: ProgressBar?
        defer { bar?.finish() }
        return try Console.attempt {
            try body { verb, total in
                bar?.finish()
                bar = progress(total: total, verb: verb)
                return bar?.advance
            }
        }
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
