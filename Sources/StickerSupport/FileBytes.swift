import Foundation

/// Reads a whole file, refusing directories, unreadable files, anything but a regular file (a FIFO would block
/// forever, a device never ends) and files beyond the byte limit, which are refused by size without reading.
package enum FileBytes {
    package static func read(_ path: String, limit: Int) throws(FileReadError) -> [UInt8] {
        let handle = try openRegular(path, limit: limit)
        do {
            // One byte past the limit catches a file that grew since fstat.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw FileReadError.tooLarge("the file is larger than the limit of \(limit) bytes")
            }
            return [UInt8](data)
        } catch let error as FileReadError {
            throw error
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    /// The first `count` bytes (all of a shorter file), with the same checks as `read`: enough for a header probe
    /// without reading the whole file.
    package static func head(_ path: String, count: Int, limit: Int) throws(FileReadError) -> [UInt8] {
        let handle = try openRegular(path, limit: limit)
        do {
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    /// Opens a regular file within the byte limit, or says why not.
    private static func openRegular(_ path: String, limit: Int) throws(FileReadError) -> FileHandle {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // Names that are not UTF-8 reach Swift with U+FFFD in them and cannot be opened by that name.
            if path.contains("\u{FFFD}") { throw .unreadable("the file name is not valid UTF-8; rename the file") }
            throw .unreadable("no such file")
        }
        guard !isDirectory.boolValue else { throw .unreadable("it is a directory") }
        // Non-blocking, so opening a FIFO returns at once; the type is then checked on what was opened.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(errno == EACCES ? "permission denied" : String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFIFO: throw .unreadable("it is a FIFO (named pipe), not a regular file")
        case S_IFCHR, S_IFBLK: throw .unreadable("it is a device, not a regular file")
        case S_IFSOCK: throw .unreadable("it is a socket, not a regular file")
        default: throw .unreadable("it is not a regular file")
        }
        guard Int(status.st_size) <= limit else {
            throw .tooLarge("the file is \(status.st_size) bytes, more than the limit of \(limit)")
        }
        return handle
    }
}

/// Why `FileBytes` did not return a file's bytes.
package enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Missing, a directory, not a regular file, no permission, or an I/O error; the payload says which.
    case unreadable(String)
    /// Larger than the limit the caller set; refused by size, without reading.
    case tooLarge(String)
    /// A folder that could not be listed (`FolderListing`): missing, a file, no permission; the payload says which.
    case unlistable(String)

    package var description: String {
        switch self {
        case .unreadable(let what): return "cannot read file: \(what)"
        case .tooLarge(let what): return what
        case .unlistable(let what): return "cannot list the folder: \(what)"
        }
    }
}
