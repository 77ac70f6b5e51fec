import Foundation
import StickerSupport

/// An Xcode project given where a pack is expected (its `.xcodeproj`, or the folder that holds one, as `build
/// --xcode-project` writes it): the sticker catalogs in the project's folder are the packs, and nothing else in it
/// (build products, an exported Variants folder) is taken for sticker art.
public enum XcodeProjectFolder {
    /// The project's folder when `path` is an `.xcodeproj` or a folder directly holding one; else nil (a file or
    /// nothing at `path` is no project). A folder that cannot be listed throws: whether it is one is not known.
    package static func folder(of path: String) throws(FolderWalk.Unlistable) -> String? {
        if (path as NSString).pathExtension.lowercased() == "xcodeproj" {
            let parent = (path as NSString).deletingLastPathComponent
            return parent.isEmpty ? "." : parent
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        let names: [String]
        do {
            names = try FolderListing.names(in: path)
        } catch {
            throw FolderWalk.Unlistable(folder: path, error: error)
        }
        return names.contains { ($0 as NSString).pathExtension.lowercased() == "xcodeproj" } ? path : nil
    }

    /// The `.xcstickers` catalogs in a project's folder, in natural order: searched a few folders deep (a
    /// target's folder, a group's), never inside a catalog, a project, a build folder or a hidden folder.
    /// A folder of the search that cannot be listed throws, so a catalog in it is not reported missing.
    package static func catalogs(in folder: String, depth: Int = 3) throws(FolderWalk.Unlistable) -> [String] {
        var found: [String] = []
        try search(folder, depth: depth, into: &found)
        return found
    }

    /// The folders a level down are searched after the walk of this one, so no error is thrown through its
    /// closure; the order is the walk's (natural) order, depth first, as before.
    private static func search(_ folder: String, depth: Int, into found: inout [String]) throws(FolderWalk.Unlistable) {
        var entries: [(path: String, isCatalog: Bool, searched: Bool)] = []
        try FolderWalk.walk(folder) { entry in
            guard case .folder(let path, let name) = entry else { return false }
            let ext = (name as NSString).pathExtension.lowercased()
            let searched =
                depth > 1 && !skipped.contains(name) && !["xcstickers", "xcassets", "xcodeproj"].contains(ext)
            entries.append((path, ext == "xcstickers", searched))
            return false
        }
        for entry in entries {
            if entry.isCatalog { found.append(entry.path) }
            if entry.searched { try search(entry.path, depth: depth - 1, into: &found) }
        }
    }

    private static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage"]
}
