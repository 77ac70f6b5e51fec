import Foundation

/// Names that are two files on Linux's disks but one on a Mac's: the default APFS (and HFS+) volume ignores
/// case and Unicode normalisation, so `Cat.png` and `cat.png`, or `é` composed and decomposed, name the same
/// file there, and writing the second silently replaces the first.
public enum NameCollision {
    /// What two names share when a Mac takes them for one file. Swift compares and hashes strings by canonical
    /// equivalence, so composed and decomposed forms already meet; lowercasing adds case.
    public static func key(_ name: String) -> String { name.lowercased() }

    /// Whether `a` and `b` are different names (byte for byte) that a Mac's disk takes for one.
    public static func collide(_ a: String, _ b: String) -> Bool {
        !a.utf8.elementsEqual(b.utf8) && key(a) == key(b)
    }

    /// The pairs among `names` that collide, each once, in the order the later name appears.
    public static func pairs(in names: [String]) -> [(first: String, second: String)] {
        var seen: [String: String] = [:]
        var found: [(first: String, second: String)] = []
        for name in names {
            if let earlier = seen[key(name)] {
                if collide(earlier, name) { found.append((earlier, name)) }
            } else {
                seen[key(name)] = name
            }
        }
        return found
    }

    /// Before writing `outputs` (file paths): each pair of paths that would be one on a Mac, as "A and B"
    /// lines. Checked are two outputs in one folder, an output and an entry already in its folder, and the
    /// folders the writing would create (`Sub/` beside `sub/`).
    public static func beforeWriting(_ outputs: [String]) -> [String] {
        var planned: [String: [String]] = [:]  // parent folder -> names to create or write there
        var order: [String] = []
        func plan(_ path: String) {
            let parent = AtomicFileWriter.parentFolder(of: path)
            let name = (path as NSString).lastPathComponent
            if planned[parent] == nil { order.append(parent) }
            if !(planned[parent]?.contains { $0.utf8.elementsEqual(name.utf8) } ?? false) {
                planned[parent, default: []].append(name)
            }
        }
        for output in outputs {
            plan(output)
            // The folders that do not exist yet are created as named.
            var folder = AtomicFileWriter.parentFolder(of: output)
            while !folder.isEmpty && folder != "/" && !FileManager.default.fileExists(atPath: folder) {
                plan(folder)
                folder = AtomicFileWriter.parentFolder(of: folder)
            }
        }
        var lines: [String] = []
        for parent in order {
            let names = planned[parent] ?? []
            let prefix = parent.isEmpty ? "" : parent.hasSuffix("/") ? parent : parent + "/"
            for pair in pairs(in: names) { lines.append("\(prefix)\(pair.first) and \(prefix)\(pair.second)") }
            let present = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
            let unplanned = present.filter { entry in !names.contains { $0.utf8.elementsEqual(entry.utf8) } }
            for name in names {
                for other in unplanned.sorted() where collide(other, name) {
                    lines.append("\(prefix)\(name) and \(prefix)\(other) (already there)")
                }
            }
        }
        return lines
    }
}
