import Foundation

/// Writes files so that a crash or a full disk leaves the old file or none, never half a file:
/// the bytes go to a temporary file beside the target, are flushed, then renamed into place.
public enum AtomicFileWriter {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(WriteError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
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
