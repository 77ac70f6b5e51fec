import Foundation

/// A new, empty folder under the temporary directory, named `prefix` and a UUID: one test's own.
func scratchFolder(_ prefix: String) throws -> String {
    let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
