import Foundation
import StickerSupport

/// An Xcode project given where a pack is expected (its `.xcodeproj`, or the folder that holds one, as `build
/// --xcode-project` writes it): the sticker catalogs in the project's folder are the packs, and nothing else in it
/// (build products, an exported Variants folder) is taken for sticker art.
public enum XcodeProjectFolder {
    /// The project's folder when `path` is an `.xcodeproj` or a folder directly holding one; else nil.
    public static func folder(of path: String) -> String? {
        if (path as NSString).pathExtension.lowercased() == "xcodeproj" {
            let parent = (path as NSString).deletingLastPathComponent
            return parent.isEmpty ? "." : parent
        }
        let names = (try? FolderListing.names(in: path)) ?? []
        return names.contains { ($0 as NSString).pathExtension.lowercased() == "xcodeproj" } ? path : nil
    }

    /// The `.xcstickers` catalogs in a project's folder, in natural order: searched a few folders deep (a
    /// target's folder, a group's), never inside a catalog, a project, a build folder or a hidden folder.
    public static func catalogs(in folder: String, depth: Int = 3) -> [String] {
        var found: [String] = []
        func search(_ folder: String, depth: Int) {
            FolderWalk.walk(folder) { entry in
                guard case .folder(let path, let name) = entry else { return false }
                let ext = (name as NSString).pathExtension.lowercased()
                if ext == "xcstickers" { found.append(path) }
                if depth > 1 && !skipped.contains(name) && !["xcstickers", "xcassets", "xcodeproj"].contains(ext) {
                    search(path, depth: depth - 1)
                }
                return false
            }
        }
        search(folder, depth: depth)
        return found
    }

    private static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage"]
}
