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
