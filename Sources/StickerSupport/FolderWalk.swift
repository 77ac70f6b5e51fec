import Foundation

/// The recursive walk of a folder every command that takes a folder of art shares: visible entries in natural
/// order (`FolderListing`), a symlinked folder never entered (so a link loop cannot trap the walk).
package enum FolderWalk {
    package enum Entry {
        /// `isLink`: the name is a symbolic link (check it against the `FolderBoundary` before reading).
        case file(path: String, name: String, isLink: Bool)
        /// A real folder (not a link); `visit` returns whether to walk into it.
        case folder(path: String, name: String)
        /// An entry whose name is not UTF-8: it cannot be opened by the String Swift was given.
        case unnamable(path: String)
    }

    /// A folder the walk was to enter (the first one, or one `visit` chose) and could not list. The walk stops:
    /// its stickers would otherwise be missing without a word.
    package struct Unlistable: Error, CustomStringConvertible {
        package let folder: String
        package let error: FileReadError
        package var description: String { "\(folder): \(error)" }

        package init(folder: String, error: FileReadError) {
            self.folder = folder
            self.error = error
        }
    }

    package static func walk(_ folder: String, visit: (Entry) -> Bool) throws(Unlistable) {
        let names: [String]
        do {
            names = try FolderListing.names(in: folder)
        } catch {
            throw Unlistable(folder: folder, error: error)
        }
        for name in names {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                if name.contains("\u{FFFD}") { _ = visit(.unnamable(path: path)) }
                continue
            }
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                if !isLink && visit(.folder(path: path, name: name)) { try walk(path, visit: visit) }
            } else {
                _ = visit(.file(path: path, name: name, isLink: isLink))
            }
        }
    }
}
