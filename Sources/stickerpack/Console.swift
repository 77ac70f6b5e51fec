import ArgumentParser
import Foundation
import StickerBuild
import StickerReport
import StickerSupport

/// Messages for people on standard error, never mixed into a report on standard output; and the one place a
/// library's failure becomes an exit status.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Runs a library call; a `CommandFailure` it throws is said and ends the command with exit status 2 (the
    /// command line is at fault) or 1 (the work is).
    static func attempt<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as any CommandFailure {
            try fail(failure)
        }
    }

    static func fail(_ failure: any CommandFailure) throws -> Never {
        // A build that stopped on lint errors shows them first, as `lint` would.
        if let build = failure as? PackBuild.Failure, case .lintErrors(var report) = build {
            let context = ReportContext(
                toolVersion: Stickerpack.version, colour: Terminal.isTerminal(stdout: false) && Terminal.coloursAllowed,
                strict: false, baseDirectory: FileManager.default.currentDirectoryPath)
            report.packs[0].diagnostics = report.packs[0].diagnostics.filter { $0.severity == .error }
            FileHandle.standardError.write(Data(TextReporter().render(report, context: context).utf8))
        }
        for line in failure.messages { error(line) }
        throw ExitCode(failure.isUsage ? ExitStatus.usage : ExitStatus.failure)
    }
}

extension ReportFormat: ExpressibleByArgument {
    /// No list for the help to append: each command's --format names the values it takes (fit, compare and info
    /// only two of them), in its help and its completion.
    public static var allValueStrings: [String] { [] }

    /// For the commands that write only some formats: a usage error for the others.
    func check(in allowed: [ReportFormat]) throws {
        guard !allowed.contains(self) else { return }
        throw ValidationError(
            "--format takes \(allowed.map(\.rawValue).joined(separator: " or ")) here, not '\(rawValue)'.")
    }
}
