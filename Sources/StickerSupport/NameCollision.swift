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

    /// The pairs among `paths` that are one file on a Mac: two paths in one folder whose names collide.
    public static func pathPairs(_ paths: [String]) -> [(first: String, second: String)] {
        byFolder(paths).flatMap { folder, names in
            pairs(in: names).map { (join(folder, $0.first), join(folder, $0.second)) }
        }
    }

    /// Before writing `outputs` (file paths): each pair of paths that would be one on a Mac, as "A and B"
    /// lines. Checked are two outputs in one folder, an output and an entry already in its folder, and the
    /// folders the writing would create (`Sub/` beside `sub/`).
    public static func beforeWriting(_ outputs: [String]) -> [String] {
        var paths = outputs
        // The folders that do not exist yet are created as named; each folder is looked at once.
        var seen: Set<String> = []
        for output in outputs {
            var folder = AtomicFileWriter.parentFolder(of: output)
            while !folder.isEmpty && folder != "/" && seen.insert(folder).inserted
                && !FileManager.default.fileExists(atPath: folder)
            {
                paths.append(folder)
                folder = AtomicFileWriter.parentFolder(of: folder)
            }
        }
        var lines: [String] = []
        for (folder, names) in byFolder(paths) {
            lines += pairs(in: names).map { "\(join(folder, $0.first)) and \(join(folder, $0.second))" }
            // Entries already there, by key, less those the writing replaces byte for byte.
            let planned = Set(names.map { Array($0.utf8) })
            var present: [String: [String]] = [:]
            // No cause lost: a folder not made yet holds nothing; one that is a file or cannot be listed fails the
            // write itself, with its reason.
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            where !planned.contains(Array(entry.utf8)) {
                present[key(entry), default: []].append(entry)
            }
            for name in names {
                for other in (present[key(name)] ?? []).sorted() where collide(other, name) {
                    lines.append("\(join(folder, name)) and \(join(folder, other)) (already there)")
                }
            }
        }
        return lines
    }

    /// `paths` as (folder, names) in the order the folders first appear; a name given twice byte for byte once.
    private static func byFolder(_ paths: [String]) -> [(folder: String, names: [String])] {
        var names: [String: [String]] = [:]
        var seen: [String: Set<[UInt8]>] = [:]
        var order: [String] = []
        for path in paths {
            let folder = AtomicFileWriter.parentFolder(of: path)
            let name = (path as NSString).lastPathComponent
            if names[folder] == nil { order.append(folder) }
            if seen[folder, default: []].insert(Array(name.utf8)).inserted { names[folder, default: []].append(name) }
        }
        return order.map { ($0, names[$0] ?? []) }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

/// Outputs that a Mac's disk would take for one file: nothing may be written, on any platform, so Linux and a
/// Mac behave alike.
public struct NameCollisionError: CommandFailure, CustomStringConvertible {
    /// "A and B" for each pair.
    public let pairs: [String]

    /// Throws when two of `outputs`, or an output and a file already beside it, would be one file on a Mac.
    public static func check(_ outputs: [String]) throws(NameCollisionError) {
        let pairs = NameCollision.beforeWriting(outputs)
        if !pairs.isEmpty { throw NameCollisionError(pairs: pairs) }
    }

    /// A line per pair, then what happened and what to do.
    public var messages: [String] {
        pairs.map { "\($0) differ only in case (or Unicode normalisation)" } + [
            "on a case-insensitive disk (a Mac's default) one would replace the other; nothing was written. "
                + "Rename one input of each pair, or write into another folder."
        ]
    }

    public var isUsage: Bool { true }

    public var description: String { messages.joined(separator: "\n") }
}
