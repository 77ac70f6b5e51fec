import ArgumentParser
import Foundation
import StickerImage
import StickerLint
import StickerPreview
import StickerReport
import StickerSupport

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract:
            "Draw every sticker over white, black, red, yellow, a gradient, a checkerboard and a photo, in one PNG.",
        discussion: """
            The contact sheet has a header per pack (name, size class, counts), then a row per sticker (smaller \
            tiles, two to a row, for more than 24 stickers; three for more than 100): one cell per background, the \
            sticker drawn at its @3x size scaled so that the pack's size class fills the cell (a smaller sticker \
            stays smaller, a larger one is fitted), composited over the background. Under each row are the sticker's \
            name, its facts and a badge per diagnostic (E error, W warning, I info); animated stickers, and the \
            frames of a catalog's .stickersequence, show their first frame in the cells and a strip of later frames \
            below. A sticker that does not decode is drawn as an X.

            Every sticker is linted as `lint` lints it (same configuration and rules) and decoded once. With --html, \
            the same stickers also go into a self-contained HTML report (see `lint --format html`). An existing \
            output is replaced only with --force; outputs are written atomically. Inputs are never changed. The exit \
            status is 0 when the outputs are written, whatever lint finds.

            Examples:
              stickerpack preview SamplePacks/Clean -o sheet.png
              stickerpack preview Stickers.xcstickers -o sheet.png --html report.html
              stickerpack preview Stickers/ -o sheet.png --force --quiet
            """
    )

    @Argument(help: "Folders, catalogs or image files.", completion: .file())
    var paths: [String]

    @Option(
        name: .shortAndLong, help: ArgumentHelp("The contact sheet to write (.png).", valueName: "sheet.png"),
        completion: .file(extensions: ["png"]))
    var output: String

    @Option(
        help: ArgumentHelp("Also write the HTML report to this file.", valueName: "report.html"),
        completion: .file(extensions: ["html"]))
    var html: String?

    @OptionGroup
    var pack: PackOptions

    @Flag(help: "Replace outputs that exist.")
    var force = false

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one folder, catalog or image file.") }
        try Console.validating { () throws(PlainFailure) in try previewRun.checkNames() }
    }

    var previewRun: PreviewRun {
        var run = PreviewRun(paths: paths, sheet: output)
        (run.html, run.configurationFile, run.sizeClass, run.limits) = (
            html, pack.config, pack.sizeClass, limitOptions.limits
        )
        (run.replacing, run.followSymlinks, run.jobs) = (force, symlinks.followSymlinks, console.jobs)
        run.toolVersion = Stickerpack.version
        return run
    }

    func run() throws {
        let run = previewRun
        let outcome = try console.run { started in try run.run { started("previewing", $0) } }
        let count = outcome.report.stickers.count
        print(
            "wrote \(output): \(count) sticker\(count == 1 ? "" : "s"), "
                + "\(outcome.width) x \(outcome.height) px; \(outcome.report.countsText)"
        )
        if let html { print("wrote \(html)") }
    }
}
