import ArgumentParser
import Foundation
import StickerBuild
import StickerReport
import StickerSupport
import StickerXcode

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

    /// A library's check of the command line, in `validate()`: its failure is shown with the usage, exit status 2.
    static func validating<T>(_ body: () throws(PlainFailure) -> T) throws -> T {
        do { return try body() } catch { throw ValidationError(error.messages.joined(separator: "\n")) }
    }

    static func fail(_ failure: any CommandFailure) throws -> Never {
        if let build = (failure as? PackBuild.Failure) ?? (failure as? XcodeProjectExport.Failure)?.buildFailure {
            let context = ReportContext(
                toolVersion: Stickerpack.version, colour: Terminal.isTerminal(stdout: false) && Terminal.coloursAllowed,
                strict: false, baseDirectory: FileManager.default.currentDirectoryPath)
            BuildReport.lintErrors(build, context: context).map { FileHandle.standardError.write(Data($0.utf8)) }
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
