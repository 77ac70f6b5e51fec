import Foundation
import StickerCatalog
import StickerImage
import StickerSupport

/// One pack to lint: a folder of images, a catalog's sticker pack, or the files named on the command line.
public struct PackInput: Sendable {
    public var name: String
    public var stickerPaths: [String]
    /// Sequence frames by file: frames of one `.stickersequence` are not duplicates of each other.
    public var sequenceOf: [String: String] = [:]
    /// Each sequence's frame delay in ms, from its Contents.json (`duration`, `duration-type`), when it states one.
    public var sequenceFrameMs: [String: Double] = [:]
    public var gridSize: SizeClass?
    public var catalogIssues: [CatalogIssue] = []
    public var iconSets: [IconSetFolder] = []
    /// Paths in `stickerPaths` that are not read, and why: a symbolic link leading out of the folder being read.
    public var refused: [String: String] = [:]

    public init(name: String, stickerPaths: [String], sequenceOf: [String: String] = [:], gridSize: SizeClass? = nil) {
        self.name = name
        self.stickerPaths = stickerPaths
        self.sequenceOf = sequenceOf
        self.gridSize = gridSize
    }
}

/// Turns command-line paths into packs: folders searched recursively, catalogs read through Contents.json.
public enum InputDiscovery {
    /// A path that cannot be read as input: the command line is at fault.
    public struct InputError: CommandFailure, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
        public var messages: [String] { [description] }
        public var isUsage: Bool { true }
    }

    /// Extensions looked at in a folder: every format a sticker might wrongly be, so the rules can say so.
    public static let imageExtensions = ImageFormat.readableExtensions.union(ImageFormat.otherImageExtensions)

    /// `followSymlinks`: read files that symbolic links inside a folder or catalog lead to outside it.
    public static func discover(_ paths: [String], configuration: LintConfiguration, followSymlinks: Bool = false)
        throws(InputError) -> [PackInput]
    {
        var packs: [PackInput] = []
        var looseFiles: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(path: path, reason: "no such file or folder")
            }
            if !isDirectory.boolValue {
                looseFiles.append(path)
            } else if let project = try unlistable(
                in: path,
                { () throws(FolderWalk.Unlistable) in
                    try XcodeProjectFolder.folder(of: path)
                })
            {
                let catalogs = try unlistable(in: path) { () throws(FolderWalk.Unlistable) in
                    try XcodeProjectFolder.catalogs(in: project)
                }
                if catalogs.isEmpty {
                    throw InputError(path: path, reason: "an Xcode project with no .xcstickers catalog in its folder")
                }
                packs += try discover(catalogs, configuration: configuration, followSymlinks: followSymlinks)
            } else if CatalogReader.isCatalog(path) {
                let boundary = FolderBoundary(path, followSymlinks: followSymlinks)
                packs += catalogPacks(
                    CatalogReader.read(
                        path, maxLabelLength: configuration.settings.maxLabelLength, boundary: boundary),
                    configuration: configuration)
            } else {
                let boundary = FolderBoundary(path, followSymlinks: followSymlinks)
                var files: [String] = []
                var catalogs: [String] = []
                var refused: [String: String] = [:]
                try unlistable(in: path) { () throws(FolderWalk.Unlistable) in
                    try walk(path, boundary: boundary, files: &files, catalogs: &catalogs, refused: &refused)
                }
                let kept = files.filter { !configuration.excludes($0) }
                if !kept.isEmpty || catalogs.isEmpty {
                    var pack = PackInput(name: path, stickerPaths: kept)
                    pack.refused = refused.filter { kept.contains($0.key) }
                    packs.append(pack)
                }
                for catalog in catalogs where !configuration.excludes(catalog) {
                    packs += catalogPacks(
                        CatalogReader.read(
                            catalog, maxLabelLength: configuration.settings.maxLabelLength, boundary: boundary),
                        configuration: configuration)
                }
            }
        }
        if !looseFiles.isEmpty { packs.append(PackInput(name: "files", stickerPaths: looseFiles)) }
        return packs
    }

    /// `body`'s folder that cannot be listed as an input error naming it: lint would otherwise pass over its
    /// stickers without a word.
    static func unlistable<T>(in given: String, _ body: () throws(FolderWalk.Unlistable) -> T) throws(InputError) -> T {
        do {
            return try body()
        } catch {
            let fix = error.folder == given ? "make it readable" : "make it readable, or move it out of \(given)"
            throw InputError(path: error.folder, reason: "\(error.error); \(fix)")
        }
    }

    static func catalogPacks(_ catalog: StickerCatalog, configuration: LintConfiguration) -> [PackInput] {
        var packs = catalog.packs.map { pack -> PackInput in
            var input = PackInput(
                name: pack.path, stickerPaths: [], gridSize: pack.gridSize)
            for entry in pack.entries {
                for image in entry.imagePaths where !configuration.excludes(image) {
                    input.stickerPaths.append(image)
                    if entry.kind == .sequence { input.sequenceOf[image] = entry.path }
                }
                if entry.kind == .sequence, let ms = entry.timing?.frameMs(frames: entry.imagePaths.count) {
                    input.sequenceFrameMs[entry.path] = ms
                }
            }
            return input
        }
        if packs.isEmpty { packs.append(PackInput(name: catalog.path, stickerPaths: [])) }
        packs[0].catalogIssues = catalog.issues
        packs[0].iconSets = catalog.iconSets
        return packs
    }

    /// Every image file and catalog under `directory` (`FolderWalk`: hidden entries skipped, symlinked folders not
    /// entered); a catalog is not walked into. A file whose link leads out of `boundary` is listed in `refused`.
    static func walk(
        _ directory: String, boundary: FolderBoundary, files: inout [String], catalogs: inout [String],
        refused: inout [String: String]
    ) throws(FolderWalk.Unlistable) {
        try FolderWalk.walk(directory) { entry in
            switch entry {
            case .unnamable(let path):
                // Kept, so lint says the name cannot be opened.
                files.append(path)
            case .folder(let path, _):
                guard CatalogReader.isCatalog(path) else { return true }
                catalogs.append(path)
            case .file(let path, let name, let isLink):
                guard imageExtensions.contains((name as NSString).pathExtension.lowercased()) else { break }
                files.append(path)
                if isLink, let reason = boundary.escape(path) { refused[path] = reason }
            }
            return false
        }
    }
}
