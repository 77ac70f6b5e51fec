import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerSupport

/// What a build will write: every sticker (a file, or a folder of numbered frames) with its catalog name,
/// label and place in the order. Made from the source folder without changing it.
public struct PackPlan: Sendable {
    public struct Item: Sendable {
        public enum Source: Sendable {
            case file(String)
            /// A sub-folder of numbered frames, in order.
            case frames(folder: String, files: [String])
        }

        public var source: Source
        /// The catalog name, without extension: the `.sticker` or `.stickersequence` folder's stem.
        public var name: String
        public var label: String
        /// A sequence's own timing read from a catalog: `duration` and `duration-type`; nil uses the build's.
        public var timing: SequenceTiming? = nil

        public var sourcePath: String {
            switch source {
            case .file(let path): return path
            case .frames(let folder, _): return folder
            }
        }

        /// The file of the sticker's first (or only) frame.
        public var firstImagePath: String? {
            switch source {
            case .file(let path): return path
            case .frames(_, let files): return files.first
            }
        }
    }

    public var items: [Item]
    /// Names in the order file or labels file that match no sticker.
    public var unmatched: [String]
    /// Image files of other formats (WebP, HEIC, ...): linted, so the build reports them, never written.
    public var skipped: [String] = []
    /// From a catalog: its pack's name and grid size.
    public var packName: String? = nil
    public var gridSize: SizeClass? = nil
    /// Files not read because a symbolic link leads them out of the source folder, and why (lint reports them).
    public var refused: [String: String] = [:]
    /// From a catalog: the filenames and links that would lead out of it (lint reports them).
    public var catalogIssues: [CatalogIssue] = []

    public struct PlanError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Stickers of `folder`: image files at its top level, and sub-folders of images as sequences.
    /// `order` lists stem names (one a line) to come first, in that order; `labels` maps stems to labels.
    /// `boundary`: what may be read (by default the folder itself, links out of it not followed).
    package static func make(
        folder: String, order: [String]? = nil, labels: [String: String] = [:], boundary: FolderBoundary? = nil
    ) throws(PlanError) -> PackPlan {
        let boundary = boundary ?? FolderBoundary(folder)
        var refused: [String: String] = [:]
        let names: [String]
        do {
            names = try FolderListing.names(in: folder)
        } catch {
            throw PlanError(description: "\(folder): \(error); make it readable")
        }
        var items: [(stem: String, source: Item.Source)] = []
        var skipped: [String] = []
        for name in names {
            let path = folder + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let stem = (name as NSString).deletingPathExtension
            if isDirectory.boolValue {
                let listed: [String]
                do {
                    listed = try FolderListing.names(in: path)
                } catch {
                    // A sequence whose frames cannot be listed would be left out of the pack without a word.
                    throw PlanError(description: "\(path): \(error); make it readable, or move it out of \(folder)")
                }
                let frames = listed.filter {
                    ImageFormat.readableExtensions.contains(($0 as NSString).pathExtension.lowercased())
                }
                var files: [String] = []
                for frame in frames.map({ path + "/" + $0 }) {
                    if let reason = boundary.escape(frame) { refused[frame] = reason } else { files.append(frame) }
                }
                if !files.isEmpty { items.append((name, .frames(folder: path, files: files))) }
            } else if ImageFormat.readableExtensions.contains((name as NSString).pathExtension.lowercased()) {
                if let reason = boundary.escape(path) {
                    refused[path] = reason
                    continue
                }
                items.append((stem, .file(path)))
            } else if ImageFormat.otherImageExtensions.contains((name as NSString).pathExtension.lowercased()) {
                skipped.append(path)
            }
        }
        var unmatched: [String] = []
        if let order {
            var ordered: [(stem: String, source: Item.Source)] = []
            for wanted in order {
                if let index = items.firstIndex(where: { $0.stem == wanted || ($0.source.fileName == wanted) }) {
                    ordered.append(items.remove(at: index))
                } else {
                    unmatched.append(wanted)
                }
            }
            items = ordered + items
        }
        let stems = Set(items.map(\.stem))
        unmatched += labels.keys.filter { key in !stems.contains(key) && !items.contains { $0.source.fileName == key } }
            .sorted()
        let unique = StickerNaming.uniqued(items.map { StickerNaming.safeName($0.stem) })
        var plan = PackPlan(
            items: zip(items, unique).map { entry, name in
                let label =
                    labels[entry.stem] ?? labels[entry.source.fileName] ?? StickerNaming.readableLabel(entry.stem)
                return Item(source: entry.source, name: name, label: label)
            }, unmatched: unmatched)
        plan.skipped = skipped
        plan.refused = refused
        return plan
    }
}

extension PackPlan {
    /// The first sticker pack of a catalog, as it stands: its order, names, labels and sequence timing, so
    /// that building it again gives the same catalog.
    public static func make(catalog: StickerCatalog) throws(PlanError) -> PackPlan {
        // A folder that cannot be listed would leave its stickers out of the build without a word.
        if let unlisted = catalog.issues.first(where: { $0.kind == .unlistableFolder }) {
            throw PlanError(description: "\(unlisted.path): \(unlisted.message); make it readable")
        }
        guard let pack = catalog.packs.first else {
            throw PlanError(description: "\(catalog.path): holds no sticker pack")
        }
        let items = pack.entries.compactMap { entry -> Item? in
            guard let first = entry.imagePaths.first else { return nil }
            let stem = (entry.name as NSString).deletingPathExtension
            var item = Item(
                source: entry.kind == .sticker ? .file(first) : .frames(folder: entry.path, files: entry.imagePaths),
                name: stem, label: entry.accessibilityLabel ?? StickerNaming.readableLabel(stem))
            if entry.kind == .sequence { item.timing = entry.timing }
            return item
        }
        var plan = PackPlan(items: items, unmatched: [])
        plan.packName = ((pack.path as NSString).lastPathComponent as NSString).deletingPathExtension
        plan.gridSize = pack.gridSize
        plan.catalogIssues = catalog.issues.filter(\.leadsOutside)
        return plan
    }
}

extension PackPlan.Item.Source {
    var fileName: String {
        switch self {
        case .file(let path): return (path as NSString).lastPathComponent
        case .frames(let folder, _): return (folder as NSString).lastPathComponent
        }
    }
}
