import ArgumentParser
import Foundation
import StickerCatalog
import StickerFit
import StickerImage
import StickerLint
import StickerReport
import StickerSupport

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract:
            "Make stickers over 500 KB, or with sides out of 300-618 px, fit at the best quality; report what it cost.",
        discussion: """
            A file that already fits (no lint error on bytes, sides or format) is copied byte for byte with --output \
            and left alone with --in-place; one whose only fault is its name (.apng, JPEG named .png) gets the right \
            name. Sides above 618 px or below 300 px are brought into 300-618 px, aspect kept. Everything else is \
            re-encoded, cheapest loss first: lossless re-encoding, then scored lossy candidates (a palette of fewer \
            colours with or without dithering, for a GIF one palette a frame where that pays, JPEG quality or GIF's \
            lossy LZW, a lower frame rate over the same total duration (every 2, 3, ... frames blended into one, \
            down to about 7 fps), a smaller size class, wide art on a transparent canvas whose sides stay 300 px or \
            more), searched for the highest worst-frame score within --byte-limit. \
            The score is SSIMULACRA2 over a light (#FFFFFF) and a dark (#1C1C1E) background, frame by frame on the \
            timeline (100 is identical, 90 hard to tell apart, 70 visibly lossy, 50 clearly degraded).

            fit never makes a file larger (except to grow a side to 300 px), never speeds an animation up, never \
            turns one into a still, and changes the format only with --allow format, or by default an animated GIF \
            into an APNG (named .png) where that scores higher within the limit. A file it cannot bring within \
            --byte-limit is reported with the reason and left as it was; nothing is written for it. A file whose \
            best candidate scores under --min-quality is written with --output and flagged UNDER --min-quality, for \
            you to look at (--preview), and kept as it was with --in-place. With --output a catalog (.xcstickers, \
            .stickerpack) is written whole, each rename reflected in its Contents.json, or not at all if one of its \
            stickers cannot be fitted.

            Exit status: 0 every file fits at --min-quality, 1 a file could not be fitted, only under --min-quality, \
            or did not decode, 2 a usage or writing error.

            Examples:
              stickerpack fit Stickers/ -o Fitted
              stickerpack fit big.gif --in-place --allow palette,frames
              stickerpack fit Stickers.xcstickers -o Out --dry-run --format json
              stickerpack fit Stickers/ -o Fitted --preview fit.png --min-quality 80
            """
    )

    @Argument(help: "Sticker files, folders, .stickerpack or .xcstickers catalogs.", completion: .file())
    var paths: [String] = []

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The folder to write into (created if needed).", valueName: "dir"),
        completion: .directory)
    var output: String?

    @Flag(
        help: ArgumentHelp(
            "Replace each input with its fitted file, atomically; a file that cannot be fitted, or only under "
                + "--min-quality, is kept."))
    var inPlace = false

    @Option(help: ArgumentHelp("The largest file allowed.", valueName: "bytes"))
    var byteLimit: Int = 500_000

    @Option(
        help: ArgumentHelp(
            "The worst-frame score (SSIMULACRA2, 0-100) under which an output is flagged (exit status 1) and "
                + "never written over its input.",
            valueName: "score"))
    var minQuality: Double = 70

    @Option(
        help: ArgumentHelp(
            "The only lossy steps allowed, comma-separated: palette, frames, resize, quality, format; or none "
                + "(lossless only). Default: all but format, and format for animated GIFs (to APNG).",
            valueName: "steps"))
    var allow: String?

    @Option(help: "Bring files that must change to this size class (small 300, regular 408, large 618 px).")
    var sizeClass: SizeClass?

    @Flag(help: "Fit and report, but write nothing.")
    var dryRun = false

    @Option(
        help: ArgumentHelp(
            "Write a before/after contact sheet (PNG) of the files fitted, at the frame each scored worst.",
            valueName: "file"))
    var preview: String?

    @Option(help: "Report format: text or json.", completion: .list(["text", "json"]))
    var format: ReportFormat = .text

    @Flag(help: "Replace outputs that exist in the --output folder.")
    var force = false

    // The bench's, not a user's: hidden from help, completions and the man page.
    @Flag(
        help: ArgumentHelp("Search every size, rate and setting, with no pruning or work limit.", visibility: .private))
    var searchEverything = false

    @Flag(help: ArgumentHelp("List the finalists ranked at full size in the JSON report.", visibility: .private))
    var reportFinalists = false

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws {
        try format.check(in: ReportFormat.forData)
        if paths.isEmpty { throw ValidationError("Name at least one sticker file, folder or catalog.") }
        if output != nil && inPlace { throw ValidationError("Give --output or --in-place, not both.") }
        if output == nil && !inPlace && !dryRun {
            throw ValidationError("Say where to write: --output DIR, or --in-place to replace the inputs.")
        }
        _ = try Console.validating { () throws(PlainFailure) in try options() }
    }

    func options() throws(PlainFailure) -> FitOptions {
        var options = try FitOptions(
            byteLimit: byteLimit, minQuality: minQuality, allowList: allow, sizeClass: sizeClass,
            limits: limitOptions.limits)
        options.searchEverything = searchEverything
        options.reportFinalists = reportFinalists
        return options
    }

    func run() throws {
        var run = FitRun(paths: paths, destination: output.map { .folder($0) } ?? .inPlace, options: try options())
        run.dryRun = dryRun
        run.replacing = force
        run.keepPreview = preview != nil
        run.followSymlinks = symlinks.followSymlinks
        run.jobs = console.jobs
        var outcome = try console.run { started in try run.run { started("fitting", $0) } }
        for line in outcome.refused + outcome.writeErrors { Console.error(line) }
        var writeFailed = !outcome.writeErrors.isEmpty
        if let preview {
            do {
                let png = try FitPreview.png(outcome.results, minQuality: minQuality, limits: limitOptions.limits)
                try AtomicFileWriter.write(png, to: preview)
            } catch {
                Console.error("cannot write the preview \(preview): \(error)")
                writeFailed = true
                outcome.outputs = [:]
            }
        }
        print(format == .json ? outcome.report.json.serialized() : outcome.report.text, terminator: "")
        if writeFailed { throw ExitCode(ExitStatus.usage) }
        if outcome.results.contains(where: { !$0.passes }) || !outcome.refused.isEmpty {
            throw ExitCode(ExitStatus.failure)
        }
    }
}
