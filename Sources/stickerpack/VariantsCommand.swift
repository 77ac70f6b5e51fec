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

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one sticker file or folder.") }
        _ = try Console.validating { () throws(PlainFailure) in try writer() }
    }

    func writer() throws(PlainFailure) -> VariantWriter {
        VariantWriter(
            scales: try VariantWriter.parseScales(scales), filter: resampling.filter, linear: resampling.linear,
            compression: resampling.compression, limits: limitOptions.limits)
    }

    func run() throws {
        let outcome = try console.run { started in
            try VariantBatch.run(
                paths: paths, output: output, writer: try writer(), replacing: force,
                followSymlinks: symlinks.followSymlinks,
                workers: console.jobs, started: { started("writing variants", $0) })
        }
        let report = VariantsReport(outcome, output: output)
        for failure in outcome.failures { Console.error(failure) }
        if let summary = report.summary { print(summary) }
        if let failed = report.failedLine {
            Console.error(failed)
            throw ExitCode(ExitStatus.failure)
        }
    }
}
