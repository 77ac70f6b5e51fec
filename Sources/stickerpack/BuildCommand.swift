import ArgumentParser
import Foundation
import StickerBuild
import StickerCatalog
import StickerImage
import StickerJSON
import StickerLint
import StickerResample
import StickerSupport

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a submission-ready Xcode sticker catalog and a pack manifest from a folder of art.",
        discussion: """
            Every input is linted first with the rules of `lint` (same configuration); the build stops on errors \
            unless --allow-errors. Image files at the top of SRC become .sticker folders, sub-folders of numbered \
            frames become .stickersequence folders. Stickers are ordered by natural sort of their names, or by an \
            order file (one name a line: --order, or SRC/order.txt); accessibility labels come from a labels file \
            (--labels, or SRC/labels.yml or labels.csv: name to label) or from the file name made readable. Names are \
            made safe and unique when case is ignored; APNG files are named .png.

            SRC may also be an .xcstickers catalog: it is read as Xcode reads it and built again from its own files.

            The catalog is built in a temporary folder and moved into place when complete; a non-empty OUTPUT is \
            replaced only with --force. SRC is never changed. The manifest (manifest.json beside the catalog, or \
            --manifest) lists every sticker with its facts, SHA-256, label, variants and diagnostics, in a stable \
            order: two builds of the same input are byte-identical.

            Examples:
              stickerpack build Art/ -o Stickers.xcstickers
              stickerpack build Art/ -o MyApp/Stickers.xcstickers --icon icon.png --variants --size-class large --force
            """
    )

    @Argument(help: "The folder of sticker art (or an .xcstickers catalog to rebuild).", completion: .directory)
    var source: String

    @Option(name: .shortAndLong, help: "The .xcstickers catalog to write.", completion: .directory)
    var output: String

    @Option(help: "The sticker pack's name.")
    var packName: String = "Sticker Pack"

    @Option(help: "The pack's size class: small, regular or large (default: the configuration, else inferred).")
    var sizeClass: SizeClass?

    @Option(
        help: "A labels file: YAML (name: label) or CSV (name,label).",
        completion: .file(extensions: ["yml", "yaml", "csv"]))
    var labels: String?

    @Option(help: "An order file: one sticker name a line, first to last.", completion: .file())
    var order: String?

    @Option(help: "Frames per second of sequences made from frame folders.")
    var fps: Double = 15

    @Option(help: ArgumentHelp("Seconds per cycle of sequences, instead of --fps.", valueName: "seconds"))
    var duration: Double?

    @Option(help: "Art for the iMessage app icon set (made as `stickerpack icons` makes it).", completion: .file())
    var icon: String?

    @Flag(help: "Also write the @3x/@2x/@1x files of every sticker into a folder beside the catalog.")
    var variants = false

    @Option(help: "Where to write the manifest (default: manifest.json beside the catalog).", completion: .file())
    var manifest: String?

    @Option(help: "The lint configuration file (default: the nearest .stickerpack.yml).", completion: .file())
    var config: String?

    @Flag(help: "Build even when lint finds errors (they are recorded in the manifest).")
    var allowErrors = false

    @Flag(help: "Replace an existing catalog, manifest and variants folder.")
    var force = false

    @Flag(help: "First fit stickers over 500 KB or out of 300-618 px, as `stickerpack fit` does (SRC is not changed).")
    var fit = false

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    func validate() throws {
        if fps <= 0 { throw ValidationError("--fps must be positive.") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive.") }
        if packName.isEmpty || packName.contains("/") { throw ValidationError("--pack-name must be a plain name.") }
    }

    var manifestPath: String {
        manifest
            ?? ((output as NSString).deletingLastPathComponent.isEmpty
                ? "" : (output as NSString).deletingLastPathComponent + "/") + "manifest.json"
    }

    var variantsPath: String {
        let stem = ((output as NSString).lastPathComponent as NSString).deletingPathExtension
        let parent = (output as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent + "/") + stem + " Variants"
    }

    func run() throws {
        var plan = try makePlan()
        let fitted = fit ? try fitSources(&plan) : nil
        defer { fitted.map { try? FileManager.default.removeItem(atPath: $0) } }
        for name in plan.unmatched { Console.note("warning: '\(name)' in the order or labels file matches no sticker") }
        if plan.items.isEmpty {
            Console.error("\(source): no stickers found (PNG, APNG, GIF or JPEG files, or folders of frames)")
            throw ExitCode(ExitStatus.failure)
        }
        if !force {
            for path in [manifestPath] + (variants ? [variantsPath] : [])
            where FileManager.default.fileExists(atPath: path) {
                Console.error("\(path) exists; use --force to replace it. Nothing was written.")
                throw ExitCode(ExitStatus.failure)
            }
        }

        let configuration = try LintConfiguration.forCommand(explicit: config, inputs: [source])
        let input = plan.lintInput(name: source)
        let progress = console.progress(total: input.stickerPaths.count, verb: "linting")
        // Variants are made from lint's decode of each sticker: no file is decoded twice.
        let prepared = variants ? PreparedVariants(writer: VariantWriter(), plan: plan) : nil
        let report = Linter.lint(
            [input], configuration: configuration, sizeClass: sizeClass, jobs: console.jobs,
            progress: progress?.callback, consume: prepared?.consumer(pack: 0, paths: input.stickerPaths))
        progress?.finish()
        let pack = report.packs[0]
        if report.count(.error) > 0 && !allowErrors {
            let context = ReportContext(
                toolVersion: Stickerpack.version, colour: Terminal.isTerminal(stdout: false) && Terminal.coloursAllowed,
                strict: false, baseDirectory: FileManager.default.currentDirectoryPath)
            var errorsOnly = report
            errorsOnly.packs[0].diagnostics = pack.diagnostics.filter { $0.severity == .error }
            FileHandle.standardError.write(Data(TextReporter().render(errorsOnly, context: context).utf8))
            Console.error(
                "the build stopped: \(report.count(.error)) lint error\(report.count(.error) == 1 ? "" : "s") above. "
                    + "Fix them, or build anyway with --allow-errors. Nothing was written."
            )
            throw ExitCode(ExitStatus.failure)
        }

        var options = CatalogBuilder.Options()
        options.packName = plan.packName ?? packName
        options.sizeClass = pack.context.sizeClass
        options.sequenceTiming =
            duration.map { SequenceTiming(duration: $0, kind: .fixed) }
            ?? SequenceTiming(duration: fps, kind: .fps)
        options.toolVersion = Stickerpack.version
        if let icon {
            let art = try decodeOrExit(icon).frames[0].image
            do {
                try IconSetMaker.checkSizes(art: art, fit: options.iconFit, limits: .default)
            } catch {
                Console.error("\(icon): \(error). Nothing was written.\n  hint: crop the art nearer to 4:3")
                throw ExitCode(ExitStatus.failure)
            }
            options.iconArt = art
        }
        if variants {
            options.variants = prepared
            options.variantsFolderName = variantsPath
        }
        for path in plan.skipped {
            Console.note("warning: \(path) is left out of the catalog: not a PNG, APNG, GIF or JPEG")
        }
        let facts = Dictionary(pack.stickers.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let builder = CatalogBuilder(plan: plan, options: options, facts: facts, diagnostics: pack.diagnostics)
        do {
            try builder.build(catalog: output, manifest: manifestPath, replacing: force)
        } catch {
            Console.error("\(error)")
            throw ExitCode(ExitStatus.failure)
        }
        let sequences = plan.items.filter { if case .frames = $0.source { return true } else { return false } }.count
        var what = "\(plan.items.count) sticker\(plan.items.count == 1 ? "" : "s")"
        if sequences > 0 { what += " (\(sequences) sequence\(sequences == 1 ? "" : "s"))" }
        print(
            "built \(output): \(what), \(options.sizeClass.rawValue) class (\(options.sizeClass.pixels) "
                + "px)\(icon == nil ? "" : ", app icon set")"
        )
        print("  manifest  \(manifestPath)")
        if variants { print("  variants  \(variantsPath)/") }
        if report.count(.warning) + report.count(.error) > 0 {
            print("  lint      \(report.countsText) (in the manifest; `stickerpack lint \(source)` shows them)")
        }
    }

    func makePlan() throws -> PackPlan {
        do {
            return try PackPlan.load(
                source: source, labels: labels, order: order, followSymlinks: symlinks.followSymlinks)
        } catch {
            Console.error(error.description)
            throw ExitCode(error.isUsage ? ExitStatus.usage : ExitStatus.failure)
        }
    }
}
