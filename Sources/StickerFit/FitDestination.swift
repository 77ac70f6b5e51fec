import Foundation
import StickerCatalog

/// Where `fit` writes: over the inputs, or into a folder.
public enum FitDestination: Sendable, Equatable {
    /// Each output replaces its input atomically (renamed when its extension changes).
    case inPlace
    /// Files named on the command line go straight into the folder, a folder's files keep their sub-folder,
    /// and a catalog is written whole as FOLDER/NAME.xcstickers.
    case folder(String)
}

/// One path from the command line and what it holds.
struct FitRoot {
    let path: String
    let isCatalog: Bool

    init(_ path: String) {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        self.path = trimmed
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: trimmed, isDirectory: &isFolder)
        isCatalog = exists && isFolder.boolValue && CatalogReader.isCatalog(trimmed)
    }

    /// The path of `file` under this root ("" for the root itself or a file elsewhere).
    func relative(_ file: String) -> String? {
        let prefix = path == "/" ? "/" : path + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : nil
    }

    var name: String { (path as NSString).lastPathComponent }
}
