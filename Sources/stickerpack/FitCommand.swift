import ArgumentParser
import Foundation
import StickerCatalog
import StickerFit
import StickerImage
import StickerLint
import StickerPreview
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
            colours with or without dithering, JPEG quality, fewer animation frames over the same total duration, \
            a smaller size class), searched for the highest worst-frame score within --byte-limit. The score is \
            SSIMULACRA2 over a light (#FFFFFF) and a dark (#1C1C1E) background, frame by frame on the timeline \
            (100 is identical, 90 hard to tell apart, 70 visibly lossy, 50 clearly degraded).

            fit never makes a file larger (except to grow a side to 300 px), never speeds an animation up, never \
            turns one into a still, and never changes the format unless --allow format. A file it cannot bring within \
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
                + "(lossless only). Default: all but format.",
            valueName: "steps"))
    var allow: String = "palette,frames,resize,quality"

    @Option(help: "Bring files that must change to this size class (small 300, regular 408, large 618 px).")
    var sizeClass: SizeClass?

    @Flag(help: "Fit and report, but write nothing.")
    var dryRun = false

    @Option(help: ArgumentHelp("Write a before/after contact sheet (PNG) of the files fitted.", valueName: "file"))
    var preview: String?

    @Option(help: "Report format: text or json.")
    var format: FitReportFormat = .text

    @Flag(help: "Replace outputs that exist in the --output folder.")
    var force = false

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    enum FitReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one sticker file, folder or catalog.") }
        if output != nil && inPlace { throw ValidationError("Give --output or --in-place, not both.") }
        if output == nil && !inPlace && !dryRun {
            throw ValidationError("Say where to write: --output DIR, or --in-place to replace the inputs.")
        }
        if byteLimit < 1 { throw ValidationError("--byte-limit must be a positive number of bytes, not \(byteLimit).") }
        if !FitOptions.qualityRange.contains(minQuality) {
            let range = FitOptions.qualityRange
            throw ValidationError(
                "--min-quality is a score from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not \(minQuality)."
            )
        }
        if LossyStep.parseList(allow) == nil {
            throw ValidationError(
                "--allow takes a comma-separated list of palette, frames, resize, quality, format, or none; "
                    + "not '\(allow)'.")
        }
    }

    var options: FitOptions {
        FitOptions(
            byteLimit: byteLimit, minQuality: minQuality, allowed: LossyStep.parseList(allow) ?? LossyStep.defaults,
            sizeClass: sizeClass, limits: limitOptions.limits)
    }

    func run() throws {
        let inputs: [PackInput]
        do {
            inputs = try InputDiscovery.discover(
                paths, configuration: LintConfiguration(), followSymlinks: symlinks.followSymlinks)
        } catch {
            Console.error(error.description)
            throw ExitCode(ExitStatus.usage)
        }
        let files = inputs.readableStickerPaths
        let refused = inputs.outsideReasons
        for line in refused { Console.error(line) }
        if files.isEmpty {
            Console.error("no sticker images found in \(paths.joined(separator: ", "))")
            throw ExitCode(ExitStatus.failure)
        }
        let destination: FitDestination = output.map { .folder($0) } ?? .inPlace
        // Names that would be one file on a Mac are refused before the work, and again once fitting has
        // chosen each output's extension.
        if !dryRun {
            try Console.refuseNameCollisions(
                files.map {
                    FitWriter.path(
                        of: $0, named: ($0 as NSString).lastPathComponent, roots: paths, destination: destination)
                })
        }
        let start = Date()
        let results = fitAll(files)
        var outputs: [String: String] = [:]
        for result in results {
            outputs[result.path] = FitWriter.outputPath(of: result, roots: paths, destination: destination)
        }
        var writeFailed = false
        if !dryRun {
            try Console.refuseNameCollisions(results.compactMap { outputs[$0.path] })
            writeFailed = !write(results, destination: destination)
        }
        if let preview, !writePreview(results, to: preview) { writeFailed = true }
        let report = FitReport(
            results: results, outputs: dryRun || writeFailed ? [:] : outputs, options: options, dryRun: dryRun,
            seconds: Date().timeIntervalSince(start))
        print(format == .json ? report.json.serialized() : report.text, terminator: "")
        if writeFailed { throw ExitCode(ExitStatus.usage) }
        if results.contains(where: { !$0.passes }) || !refused.isEmpty { throw ExitCode(ExitStatus.failure) }
    }

    /// Every file fitted on all cores (one file per worker), in input order.
    func fitAll(_ files: [String]) -> [FitResult] {
        let progress = console.progress(total: files.count, verb: "fitting")
        defer { progress?.finish() }
        return FitBatch.fit(
            files, options: options, keepPreview: preview != nil, jobs: console.jobs, progress: progress?.advance)
    }

    /// Writes the outputs, refusing to replace any without --force; false (after saying why) on an error.
    func write(_ results: [FitResult], destination: FitDestination) -> Bool {
        let existing = FitWriter.existingTargets(results, roots: paths, destination: destination)
        if !existing.isEmpty && !force {
            Console.error(
                "\(existing.count) output\(existing.count == 1 ? "" : "s") exist (first: \(existing[0])); "
                    + "nothing was written. Use --force to replace them, or choose another --output folder.")
            return false
        }
        let errors = FitWriter.write(
            results, roots: paths, destination: destination, replacing: force, limits: limitOptions.limits)
        for error in errors { Console.error(error.description) }
        return errors.isEmpty
    }

    func writePreview(_ results: [FitResult], to path: String) -> Bool {
        let rows = results.compactMap { result -> BeforeAfterSheet.Row? in
            guard result.outcome == .fitted || result.outcome == .belowMinQuality, let before = result.previewBefore,
                let after = result.previewAfter
            else { return nil }
            // The score first, so a narrow cell still shows it.
            let bar = result.outcome == .belowMinQuality ? String(format: " UNDER %g", minQuality) : ""
            let score = result.score.map {
                String(format: "worst %.1f", $0.worst) + bar + String(format: ", mean %.1f", $0.mean)
            }
            let bytes = "\(result.before?.bytes.grouped ?? "?") -> \(result.after?.bytes.grouped ?? "?") bytes"
            return BeforeAfterSheet.Row(
                name: result.path, caption: (score.map { $0 + "; " } ?? "") + bytes, before: before, after: after)
        }
        do {
            let sheet = try BeforeAfterSheet.render(rows, limits: limitOptions.limits)
            try AtomicFileWriter.write(try PNGEncoder.encodeOpaque(sheet), to: path)
            return true
        } catch {
            Console.error("cannot write the preview \(path): \(error)")
            return false
        }
    }
}
