import Foundation
import StickerCatalog

extension InputDiscovery {
    /// The pack a changed file belongs to, for hooks that are handed single files (pre-commit): pack-wide rules
    /// (size class, duplicates, the catalog's Contents.json) need the whole pack. That is the outermost catalog
    /// (`.xcstickers`, `.xcassets`) or `.stickerpack` holding the file, else the file's own folder. Each pack
    /// once, in the order first named; folders are kept as given.
    public static func enclosingPacks(of paths: [String]) -> [String] {
        var packs: [String] = []
        var seen: Set<String> = []
        for path in paths {
            let pack = enclosingPack(of: path)
            if seen.insert(pack).inserted { packs.append(pack) }
        }
        return packs
    }

    static func enclosingPack(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        let folder = (path as NSString).deletingLastPathComponent
        let parts = folder.isEmpty ? [] : (folder as NSString).pathComponents
        // The outermost catalog wins: a .stickerpack inside an .xcstickers is linted with its catalog.
        if let top = parts.firstIndex(where: { CatalogReader.isCatalog($0) }) {
            return NSString.path(withComponents: Array(parts[...top]))
        }
        return folder.isEmpty ? "." : folder
    }
}
