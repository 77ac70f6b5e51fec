import ArgumentParser
import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerPreview
import StickerReport
import StickerSupport

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check stickers against Apple's rules: size, bytes, transparency, format, animation, catalog.",
        discussion: """
            PATH is a folder of images (searched recursively), a .stickerpack, an .xcstickers or .xcassets catalog \
            (read through its Contents.json files, as Xcode reads it), or single image files. Each file is decoded \
            once; files are linted on all cores; the output order is stable.

            The pack's size class comes from --size-class, else the configuration, else the catalog's grid-size, else \
            the most common sticker size. A .stickerpack.yml in the linted folder or a parent (or --config FILE) \
            turns rules off or changes their severity, sets the byte limit and the size class, and excludes paths. \
            `stickerpack rules` lists every rule.

            --format html writes one self-contained HTML file (images embedded, no server needed): every sticker over \
            white, black, red, yellow, a gradient, a checkerboard and a photo-like texture, animations playing, with \
            its facts and diagnostics, filterable by severity.

            --format xcode prints `/absolute/path: error: message [rule]` lines (info as note), which Xcode's issue \
            navigator shows when a Run Script build phase prints them; errors fail the build through the exit status.

            On a terminal, long runs show a progress bar on standard error (never in pipes, never with --quiet); \
            --verbose lists each file as it is done.

            Exit status: 0 when there is no error (and no warning with --strict), 1 otherwise, 2 for a usage or \
            configuration error. Lint never changes a file.

            Examples:
              stickerpack lint Stickers/
              stickerpack lint MyApp/Stickers.xcstickers --strict
              stickerpack lint Stickers/ --format sarif -o stickerpack.sarif
              stickerpack lint Stickers/ --format github     # annotations in a GitHub Actions job
              stickerpack lint Stickers/ --format html -o report.html
              stickerpack lint "$SRCROOT/Stickers.xcstickers" --format xcode   # Xcode's Run Script build phase
              stickerpack lint --whole-packs Stickers/cat.png    # the pack that holds cat.png (pre-commit)
            """
    )

    @Argument(help: "Folders, catalogs or image files to lint.", completion: .file())
    var paths: [String]

    @Option(
        help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
        completion: .list(ReportFormat.allCases.map(\.rawValue)))
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.", completion: .file())
    var output: String?

    @OptionGroup
    var pack: PackOptions

    @Option(help: ArgumentHelp("The file size limit in bytes (default 500000).", valueName: "bytes"))
    var byteLimit: Int?

    @Option(name: .customLong("disable"), help: ArgumentHelp("Turn a rule off (repeatable).", valueName: "rule"))
    var disabled: [String] = []

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Flag(
        help: ArgumentHelp(
            "Lint the whole pack that holds each file named (its catalog, .stickerpack or folder), once each.",
            discussion: "For hooks handed the changed files: pack-wide rules need the whole pack."))
    var wholePacks = false

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Name at least one folder, catalog or image file.") }
        for rule in disabled where !RuleRegistry.settingNames.contains(rule) {
            throw ValidationError("Unknown rule '\(rule)' for --disable. `stickerpack rules` lists them.")
        }
        if let byteLimit, byteLimit <= 0 { throw ValidationError("--byte-limit must be positive.") }
    }

    func run() throws {
        var configuration = try pack.configuration(for: paths)
        if let byteLimit { configuration.settings.byteLimit = byteLimit }
        for rule in disabled { configuration.rules[rule] = .off }
        let strict = self.strict || configuration.strict

        let (report, previews) = try console.run { started in
            let inputs = try InputDiscovery.discover(
                wholePacks ? InputDiscovery.enclosingPacks(of: paths) : paths, configuration: configuration,
                followSymlinks: symlinks.followSymlinks)
            return PreviewCollector.lint(
                inputs, configuration: configuration, sizeClass: pack.sizeClass, limits: limitOptions.limits,
                sheet: false, html: format == .html, jobs: console.jobs, started: { started("linting", $0) })
        }

        let colour = output == nil && Terminal.isTerminal(stdout: true) && Terminal.coloursAllowed
        let context = ReportContext(
            toolVersion: Stickerpack.version, colour: colour, strict: strict,
            baseDirectory: FileManager.default.currentDirectoryPath)
        let rendered = format.lintReporter(previews: previews).render(report, context: context)
        if let output {
            try Console.attempt { try AtomicFileWriter.write(Array(rendered.utf8), to: output) }
            Console.note("\(output): \(report.stickers.count) stickers; \(report.countsText)")
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        if report.fails(strict: strict) { throw ExitCode(ExitStatus.failure) }
    }
}

extension SizeClass: ExpressibleByArgument {}

extension LintConfiguration {
    /// `--config FILE`, else the nearest .stickerpack.yml, else the defaults. A bad file is a usage error
    /// (exit 2) that names it.
    static func forCommand(explicit: String?, inputs: [String]) throws -> LintConfiguration {
        try Console.attempt { try forInputs(explicit: explicit, inputs: inputs) }
    }
}
