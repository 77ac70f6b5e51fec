import Foundation

/// How every command lists a folder: in natural order (as Finder sorts, "sticker2" before "sticker10"), hidden
/// entries (a leading dot: `.DS_Store`, editors' swap files) skipped unless asked for.
package enum FolderListing {
    package static func names(in folder: String, hidden: Bool = false) throws(FileReadError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .unreadable("cannot list the folder: \(error.localizedDescription)")
        }
        return names.filter { hidden || !$0.hasPrefix(".") }.sorted(by: naturalLess)
    }

    /// Natural order: runs of digits compare by value, letters without regard to case.
    package static func naturalLess(_ a: String, _ b: String) -> Bool {
        a.localizedStandardCompare(b) == .orderedAscending
    }
}
