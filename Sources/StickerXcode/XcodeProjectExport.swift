import Foundation
import StickerBuild
import StickerSupport

/// `build --xcode-project DIR`: a complete Sticker Pack App project. The catalog and the manifest are built
/// afresh on every run; the project file, the scheme and the Info.plist files, which the user may have edited
/// (a team, a capability), are written when missing and kept otherwise, unless `replacingProject`.
public struct XcodeProjectExport: Sendable {
    /// The build; its catalog, manifest and variants folder are set to their places in the project.
    public var build: PackBuild
    public var settings: ProjectSettings
    public var folder: String
    public var replacingProject = false

    public init(build: PackBuild, settings: ProjectSettings, folder: String, variants: Bool) {
        self.settings = settings
        self.folder = folder
        self.build = build
        self.build.catalog = folder + "/" + settings.catalogPath
        self.build.manifest = folder + "/manifest.json"
        self.build.variantsFolder = variants ? folder + "/Variants" : nil
        self.build.replacing = true
    }

    /// The project's own files, relative to the folder, with their text.
    var projectFiles: [(path: String, text: String)] {
        let project = settings.name + ".xcodeproj"
        return [
            (project + "/project.pbxproj", ProjectFile(settings).text),
            (project + "/xcshareddata/xcschemes/\(settings.name).xcscheme", SchemeFile.text(settings)),
            (settings.name + "/Info.plist", InfoPlists.app(settings)),
            (settings.extensionName + "/Info.plist", InfoPlists.stickerPackExtension(settings)),
        ]
    }

    public struct Outcome: Sendable {
        public var build: PackBuild.Outcome
        /// The project's own files written this time, and those kept as they were (relative to the folder).
        public var written: [String]
        public var kept: [String]
        /// The options of this run that the kept project file does not hold (`--bundle-id`, `--version`, ...).
        public var differing: [String] = []
        /// Where the app icon set came from: `--icon`, the last export's set, or the first sticker.
        public var icon: PackBuild.IconSource
    }

    public func run(
        started: (PackBuild.Step, Int) -> (@Sendable (String) -> Void)? = { _, _ in nil },
        note: (String) -> Void = { _ in }
    ) throws(Failure) -> Outcome {
        try settings.check()
        try ExportFolder(folder, settings: settings).check()
        var build = self.build
        // Without --icon, the set an earlier export left is kept, else one is made from the first sticker.
        build.icon =
            build.icon ?? Self.iconSet(inCatalog: build.catalog).map(PackBuild.IconSource.keptSet) ?? .firstSticker
        let created = try makeFolders()
        let built: PackBuild.Outcome
        do {
            built = try build.run(started: started, note: note)
        } catch {
            // cleanup: nothing of the export is left behind when the build stops; the build's failure is the news.
            for path in created.reversed() { try? FileManager.default.removeItem(atPath: path) }
            throw .build(error)
        }
        var outcome = Outcome(build: built, written: [], kept: [], icon: build.icon ?? .firstSticker)
        for file in projectFiles {
            let path = folder + "/" + file.path
            if !replacingProject && FileManager.default.fileExists(atPath: path) {
                outcome.kept.append(file.path)
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try AtomicFileWriter.write(Array(file.text.utf8), to: path)
            } catch {
                throw .writing("\(path): \(error)")
            }
            outcome.written.append(file.path)
        }
        outcome.differing = differingOptions(note: note)
        return outcome
    }

    /// The options of this run that a kept project file does not hold (it says `SETTING = value;` for each of
    /// its settings): a user who changed them expects them applied, and learns how. A kept file that cannot be
    /// read is a note, as its settings could not be compared.
    private func differingOptions(note: (String) -> Void) -> [String] {
        let path = folder + "/" + settings.name + ".xcodeproj/project.pbxproj"
        guard !replacingProject else { return [] }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 64 << 20)
        } catch {
            note(
                "warning: \(path): \(error); the kept project file was not compared with this run's options "
                    + "(--force writes the project afresh)")
            return []
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var options = [
            ("--bundle-id", "PRODUCT_BUNDLE_IDENTIFIER", settings.bundleID),
            ("--version", "MARKETING_VERSION", settings.version),
            ("--build-number", "CURRENT_PROJECT_VERSION", settings.buildNumber),
        ]
        if let team = settings.team { options.append(("--team", "DEVELOPMENT_TEAM", team)) }
        return options.filter { !text.contains("\($0.1) = \(OpenStepValue.quoted($0.2));") }.map(\.0)
    }

    /// The folder and the extension's folder, made when missing; returns those it made, outermost first.
    private func makeFolders() throws(Failure) -> [String] {
        var created: [String] = []
        for path in [folder, folder + "/" + settings.extensionName] where !FileManager.default.fileExists(atPath: path)
        {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .writing("\(path): cannot make the folder: \(error)")
            }
            created.append(path)
        }
        return created
    }

    /// The app icon set an earlier export left in the catalog: kept as it is when no `--icon` is given, so an
    /// icon once given (or edited in Xcode) is not replaced by the first sticker.
    static func iconSet(inCatalog catalog: String) -> String? {
        let folder = catalog + "/iMessage App Icon.stickersiconset"
        return FileManager.default.fileExists(atPath: folder + "/Contents.json") ? folder : nil
    }
}
