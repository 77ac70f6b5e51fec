import Foundation

/// The folder a command was asked to read (a folder of art or a catalog). A symbolic link that leads out of it
/// is reported and not followed unless the user asks (`--follow-symlinks`), so a CI gate on an untrusted pull
/// request reads nothing outside the repository.
package struct FolderBoundary: Sendable {
    /// The folder as it was named, for messages.
    package let folder: String
    package let followSymlinks: Bool
    /// The folder's real path; nil when it does not resolve (then nothing can be said to lead out of it).
    let root: String?

    package init(_ folder: String, followSymlinks: Bool = false) {
        self.folder = folder
        self.followSymlinks = followSymlinks
        root = Self.realPath(folder)
    }

    /// Nil when `path` resolves inside the folder, when links may be followed, or when it does not resolve (the
    /// reader then says it is missing); otherwise why it is not read.
    package func escape(_ path: String) -> String? {
        guard !followSymlinks, let root, let real = Self.realPath(path) else { return nil }
        if real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") { return nil }
        return "a symbolic link leads it outside \(folder) (to \(real)); pass --follow-symlinks to read it"
    }

    /// A name that can only mean a file in the folder it is found in: not empty, not `.` or `..`, no separator.
    package static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\\")
            && !name.contains("\0")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
