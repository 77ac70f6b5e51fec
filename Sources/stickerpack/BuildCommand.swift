import ArgumentParser
import Foundation
import StickerBuild
import StickerCatalog
import StickerReport

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

            SRC may also be an .xcstickers catalog: it is read as Xcode reads it and built again from its own files \
            (or an Xcode project's folder, whose catalog is read).

            --xcode-project DIR writes a whole Sticker Pack App project instead: NAME.xcodeproj with the app and \
            sticker-pack extension targets and a shared scheme, both Info.plist files, the catalog (its app icon set \
            from --icon, else the last export's kept, else made from the first sticker) and manifest.json. Run \
            again, the catalog and manifest are rebuilt and the project files kept as you left them (--force \
            writes them afresh). See docs/xcode-project.md.

            The catalog is built in a temporary folder and moved into place when complete; a non-empty OUTPUT is \
            replaced only with --force. SRC is never changed. The manifest (manifest.json beside the catalog, or \
            --manifest) lists every sticker with its facts, SHA-256, label, variants and diagnostics, in a stable \
            order: two builds of the same input are byte-identical.

            Examples:
              stickerpack build Art/ -o Stickers.xcstickers
              stickerpack build Art/ -o MyApp/Stickers.xcstickers --icon icon.png --variants --size-class large --force
              stickerpack build Art/ --xcode-project CatsApp --name Cats --bundle-id com.example.cats --icon icon.png
            """
    )

    @Argument(help: "The folder of sticker art (or an .xcstickers catalog to rebuild).", completion: .directory)
    var source: String

    @Option(
        name: .shortAndLong, help: "The .xcstickers catalog to write (or --xcode-project).", completion: .directory)
    var output: String?

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

    @OptionGroup(title: "Xcode project")
    var project: ProjectOptions

    @OptionGroup(title: "Folders")
    var symlinks: SymlinkOptions

    @OptionGroup(title: "Progress")
    var console: ConsoleOptions

    func validate() throws {
        if fps <= 0 { throw ValidationError("--fps must be positive.") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive.") }
        if packName.isEmpty || packName.contains("/") { throw ValidationError("--pack-name must be a plain name.") }
        try project.check(output: output, manifest: manifest)
    }

    func run() throws {
        let catalog = output ?? ""
        var build = PackBuild(source: source, catalog: catalog, manifest: manifest ?? PackBuild.manifestBeside(catalog))
        build.variantsFolder = variants ? PackBuild.variantsBeside(catalog) : nil
        (build.labels, build.order, build.configuration) = (labels, order, config)
        build.icon = icon.map(PackBuild.IconSource.art)
        build.packName = packName
        build.sizeClass = sizeClass
        build.sequenceTiming =
            duration.map { SequenceTiming(duration: $0, kind: .fixed) } ?? SequenceTiming(duration: fps, kind: .fps)
        (build.allowErrors, build.replacing, build.fit) = (allowErrors, force, fit)
        build.followSymlinks = symlinks.followSymlinks
        build.jobs = console.jobs
        build.toolVersion = Stickerpack.version
        if let export = project.export(build, source: source, variants: variants, force: force) {
            let outcome = try console.run { started in
                try export.run(started: { started($0.rawValue, $1) }, note: Console.note)
            }
            return print(ProjectReport(export, outcome).text)
        }
        let outcome = try console.run { started in
            try build.run(started: { started($0.rawValue, $1) }, note: Console.note)
        }
        print(BuildReport(build, outcome).text)
    }
}
