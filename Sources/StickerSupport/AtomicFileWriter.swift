import Foundation

/// Writes files so that a crash or a full disk leaves the old file or none, never half a file:
/// the bytes go to a temporary file beside the target, are flushed, then renamed into place.
package enum AtomicFileWriter {
    package struct WriteError: CommandFailure, CustomStringConvertible {
        package let path: String
        package let reason: String
        package var description: String { "cannot write \(path): \(reason)" }
        package var messages: [String] { [description] }
        package var isUsage: Bool { false }
    }

    /// Creates a folder and its missing parents (`mkdir -p`), failing with the system's reason: Foundation's
    /// error for this reads as an NSError dump.
    package static func createFolder(_ path: String) throws(WriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { return }
            throw WriteError(path: path, reason: "a file of that name is in the way")
        }
        let parent = parentFolder(of: path)
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The path without its last component ("" for a bare name). Not NSString's deletingLastPathComponent, which
    /// traps on a one-character path on Linux (`variants x -o v` crashed making `v/sub/`).
    package static func parentFolder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    package static func write(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if failure == nil && fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if close(fd) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && !replacing && FileManager.default.fileExists(atPath: path) { failure = "the file exists" }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw WriteError(path: path, reason: failure)
        }
    }
}

/// Builds a whole folder beside its target and moves it into place when complete: an interrupted run
/// leaves the previous folder or none, never a half-filled one.
package enum AtomicDirectory {
    /// Temporary folders of earlier runs that were killed (`.NAME.PID.N.tmp` or `.old`, PID no longer running).
    /// cleanup: best effort; a parent that cannot be listed fails the write below, with its reason.
    static func removeLeftovers(of name: String, in parent: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(".\(name).") {
            let parts = entry.dropFirst(name.count + 2).split(separator: ".")
            guard parts.count == 3, ["tmp", "old"].contains(parts[2]), let pid = pid_t(parts[0]),
                UInt32(parts[1]) != nil,
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: parent + "/" + entry)  // cleanup: left for the next run
        }
    }

    package static func write(_ path: String, replacing: Bool, fill: (String) throws -> Void) throws {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw AtomicFileWriter.WriteError(path: path, reason: "a file of that name is in the way")
        }
        var hasContent = false
        if exists {
            do {
                hasContent = try !FolderListing.names(in: path, hidden: true).isEmpty
            } catch {
                // Taken for empty, a folder of unknown content would be replaced without --force.
                throw AtomicFileWriter.WriteError(path: path, reason: "\(error); nothing was written")
            }
        }
        if hasContent && !replacing {
            throw AtomicFileWriter.WriteError(
                path: path, reason: "the folder exists and is not empty; use --force to replace it")
        }
        let parent = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        removeLeftovers(of: name, in: parent.isEmpty ? "." : parent)
        let tag = "\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let temporary = (parent.isEmpty ? "." : parent) + "/.\(name).\(tag).tmp"
        if !parent.isEmpty { try AtomicFileWriter.createFolder(parent) }
        guard mkdir(temporary, 0o755) == 0 else {
            throw AtomicFileWriter.WriteError(
                path: path,
                reason:
                    "cannot create a folder beside it (\(String(cString: strerror(errno)))); choose a folder you can "
                    + "write to"
            )
        }
        do {
            try fill(temporary)
            if exists {
                let old = (parent.isEmpty ? "." : parent) + "/.\(name).\(tag).old"
                guard rename(path, old) == 0 else {
                    throw AtomicFileWriter.WriteError(path: path, reason: String(cString: strerror(errno)))
                }
                guard rename(temporary, path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    _ = rename(old, path)
                    throw AtomicFileWriter.WriteError(path: path, reason: reason)
                }
                // cleanup: the new folder is in place; an old one left over is removed by the next run.
                try? fileManager.removeItem(atPath: old)
            } else {
                guard rename(temporary, path) == 0 else {
                    throw AtomicFileWriter.WriteError(path: path, reason: String(cString: strerror(errno)))
                }
            }
        } catch {
            // cleanup: the half-made folder; the error below says what failed.
            try? fileManager.removeItem(atPath: temporary)
            guard let error = error as? AtomicFileWriter.WriteError, error.path.hasPrefix(temporary) else {
                throw error
            }
            // Name the file as the user knows it, not its place in the temporary folder.
            let shown = path + error.path.dropFirst(temporary.count)
            throw AtomicFileWriter.WriteError(
                path: shown,
                reason: error.reason + "; \(exists ? "the previous \(name) is kept" : "nothing was written")")
        }
    }
}
