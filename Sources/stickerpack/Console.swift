import ArgumentParser
import Foundation
import StickerSupport

/// Messages for people on standard error, never mixed into a report on standard output.
enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Refuses to write (exit status 2) when two of `outputs`, or an output and a file already beside it, would
    /// be one file on a Mac's case-insensitive disk, on every platform, so Linux and a Mac behave alike.
    static func refuseNameCollisions(_ outputs: [String]) throws {
        let pairs = NameCollision.beforeWriting(outputs)
        guard !pairs.isEmpty else { return }
        for pair in pairs { error("\(pair) differ only in case (or Unicode normalisation)") }
        error(
            "on a case-insensitive disk (a Mac's default) one would replace the other; nothing was written. "
                + "Rename one input of each pair, or write into another folder.")
        throw ExitCode(ExitStatus.usage)
    }
}
