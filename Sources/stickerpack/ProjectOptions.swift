import ArgumentParser
import Foundation
import StickerBuild
import StickerXcode

/// `build --xcode-project`: the Sticker Pack App project's names, identifiers and versions.
struct ProjectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write a whole Sticker Pack App project into this folder instead of a catalog alone.", valueName: "dir"),
        completion: .directory)
    var xcodeProject: String?

    @Option(help: "The app's name (default: the name of SRC's folder).")
    var name: String?

    @Option(help: ArgumentHelp("The app's bundle identifier, e.g. com.example.stickers.", valueName: "id"))
    var bundleId: String?

    @Option(help: "The version users see (MARKETING_VERSION).")
    var version = "1.0"

    @Option(help: ArgumentHelp("The build number (CURRENT_PROJECT_VERSION).", valueName: "n"))
    var buildNumber = "1"

    @Option(help: ArgumentHelp("The development team id (default: none, set it in Xcode).", valueName: "id"))
    var team: String?

    @Flag(help: "Add a Run Script build phase that lints the catalog on every build.")
    var lintPhase = false

    func check(output: String?, manifest: String?) throws {
        guard xcodeProject != nil else {
            if output == nil { throw ValidationError("Say where to write: -o CATALOG, or --xcode-project DIR.") }
            return
        }
        if output != nil || manifest != nil {
            throw ValidationError(
                "--xcode-project writes the catalog and manifest into the project: leave out -o and --manifest.")
        }
        if bundleId == nil {
            throw ValidationError(
                "--xcode-project needs --bundle-id (your own, e.g. com.yourname.stickers: a default would be shared).")
        }
    }

    /// The export, with `--xcode-project`.
    func export(_ build: PackBuild, source: String, variants: Bool, force: Bool) -> XcodeProjectExport? {
        guard let xcodeProject, let bundleId else { return nil }
        var settings = ProjectSettings(name: name ?? ProjectSettings.defaultName(source: source), bundleID: bundleId)
        (settings.version, settings.buildNumber, settings.team) = (version, buildNumber, team)
        settings.lintPhase = lintPhase
        var export = XcodeProjectExport(build: build, settings: settings, folder: xcodeProject, variants: variants)
        export.replacingProject = force
        return export
    }
}
