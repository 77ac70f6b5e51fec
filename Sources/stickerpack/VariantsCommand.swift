import ArgumentParser
import Foundation
import StickerBuild
import StickerImage
import StickerLint
import StickerReport
import StickerResample
import StickerSupport

extension ResampleFilter: ExpressibleByArgument {}

struct VariantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "Write the @3x, @2x and @1x files of every sticker, in its own format.",
        discussion: """
            For each sticker, name@3x.ext is a byte-for-byte copy, and name@2x.ext and name@1x.ext are downscaled \
            with the project's resampler (Lanczos-3 by default, in premultiplied alpha so edges keep no halo). APNG \
            stays APNG and GIF stays GIF: animations are resampled frame by frame and keep their delays and loop \
            count. Sizes round to the nearest pixel (618 -> 412 and 206). A sticker in a sub-folder of PATH keeps its \
            sub-folder under the output. Files are processed on all cores and written atomically; an existing output \
            is replaced only with --force.

            Examples:
              stickerpack variants Stickers/ -o Variants
              stickerpack variants wave.png -o out --scales 2 --filter mitchell --force
              stickerpack variants Stickers/ -o Variants --quiet    # no progress bar
            """
    )

    @Argument(help: "Folders, catalogs or sticker files.", completion: .file())
    var paths: [String]

    @Option(name: .shortAndLong, help: "The folder to write into (created if needed).", completion: .directory)
    var output: String

    @Option(help: ArgumentHelp("The scales to make besides the @3x copy, comma-separated.", valueName: "list"))
    var scales: String = "2,1"

    @Flag(help: "Replace outputs that exist.")
    var force = false

    @OptionGroup(title: "Resampling")
    var resampling: ResampleOptions

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    var scaleList: [Int] { scales.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one sticker file or folder.") }
        let list = scaleList
        if list.isEmpty || list.count != scales.split(separator: ",").count
            || list.contains(where: { $0 < 1 || $0 > 3 })
        {
            throw ValidationError("--scales takes a comma-separated list of 1, 2 or 3, not '\(scales)'.")
        }
    }

    var writer: VariantWriter {
        VariantWriter(
            scales: scaleList, filter: resampling.filter, linear: resampling.linear,
            compression: resampling.compression, limits: limitOptions.limits)
    }

    func run() throws {
        var progress: ProgressBar?
        defer { progress?.finish() }
        let outcome = try Console.attempt {
            try VariantBatch.run(
                paths: paths, output: output, writer: writer, replacing: force, followSymlinks: symlinks.followSymlinks,
                workers: console.jobs,
                started: { total in
                    progress = console.progress(total: total, verb: "writing variants")
                    return progress?.advance
                })
        }
        progress?.finish()
        let failures = outcome.failures
        for failure in failures { Console.error(failure) }
        let written = outcome.written
        let files = written.reduce(0, +)
        // A summary of what was written, but no "wrote 0 files" when every sticker failed.
        if !written.isEmpty || failures.isEmpty {
            print(
                "wrote \(files) file\(files == 1 ? "" : "s") for \(written.count) "
                    + "sticker\(written.count == 1 ? "" : "s") to \(output)/"
            )
        }
        if !failures.isEmpty {
            let count = failures.count
            Console.error(
                "\(count) sticker\(count == 1 ? "" : "s") failed; "
                    + "\(written.isEmpty ? "nothing was written" : "the others were written")"
            )
            throw ExitCode(ExitStatus.failure)
        }
    }
}
