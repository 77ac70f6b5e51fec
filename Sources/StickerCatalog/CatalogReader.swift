import Foundation
import StickerImage
import StickerSupport

/// Reads a sticker catalog as Xcode does, accepting what Xcode accepts and reporting the rest.
public enum CatalogReader {
    static let packKeys = ["info", "properties", "stickers"]
    static let packPropertyKeys = ["grid-size"]
    static let stickerKeys = ["info", "properties"]
    static let stickerPropertyKeys = ["filename", "accessibility-label"]
    static let sequenceKeys = ["info", "properties", "frames"]
    static let sequencePropertyKeys = ["accessibility-label", "duration", "duration-type", "repetitions"]
    /// Xcode's own files are a few KiB; one entry per sticker stays far below this.
    static let maxContentsBytes = 4 << 20

    /// Whether `path` names a catalog folder this reader understands.
    public static func isCatalog(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        return ext == "xcstickers" || ext == "xcassets" || ext == "stickerpack"
    }

    /// `maxLabelLength`: accessibility labels longer than this are reported (Messages keeps 150).
    /// `boundary`: the folder nothing may be read outside of (by default the catalog itself, links not followed).
    package static func read(_ path: String, maxLabelLength: Int = 150, boundary: FolderBoundary? = nil)
        -> StickerCatalog
    {
        var reader = Reading(maxLabelLength: maxLabelLength, boundary: boundary ?? FolderBoundary(path))
        let ext = (path as NSString).pathExtension.lowercased()
        if ext == "stickerpack" {
            reader.readPack(path)
        } else {
            reader.readRoot(path)
        }
        return StickerCatalog(path: path, packs: reader.packs, iconSets: reader.iconSets, issues: reader.issues)
    }

    /// One pass over a catalog, collecting folders and issues.
    struct Reading {
        let maxLabelLength: Int
        let boundary: FolderBoundary
        var packs: [StickerPackFolder] = []
        var iconSets: [IconSetFolder] = []
        var issues: [CatalogIssue] = []

        mutating func issue(_ path: String, _ kind: CatalogIssue.Kind, _ message: String, _ hint: String) {
            issues.append(CatalogIssue(path: path, kind: kind, message: message, hint: hint))
        }

        /// False, with an issue, when `path` leads out of the folder being read.
        mutating func staysInside(_ path: String) -> Bool {
            guard let reason = boundary.escape(path) else { return true }
            issue(
                path, .outsideLink, "not read: \(reason)",
                "replace the link with the file itself, or pass --follow-symlinks if you trust it")
            return false
        }

        /// False, with an issue in `file`, when `name` is not a plain file name (no `..`, no separators).
        mutating func isPlain(_ name: String, in file: String, what: String) -> Bool {
            guard !FolderBoundary.isPlainFileName(name) else { return true }
            issue(
                file, .unsafeFilename,
                "names \(name), which is not a \(what) in this folder (no '..', no '/'); it was not read",
                "set it to the name of a \(what) in the folder itself")
            return false
        }

        /// The folder's `Contents.json` as an object, or nil with an issue.
        mutating func contents(of folder: String, required: Bool = true) -> [String: Any]? {
            let file = folder + "/Contents.json"
            guard FileManager.default.fileExists(atPath: file) else {
                if required {
                    issue(
                        folder, .contentsJSON, "has no Contents.json",
                        "Xcode ignores a folder without one: add it, or rebuild the catalog with stickerpack build")
                }
                return nil
            }
            guard staysInside(file) else { return nil }
            // Read with a cap, so a huge file cannot exhaust memory (FileManager.contents also leaks on an empty file).
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(file, limit: CatalogReader.maxContentsBytes)
            } catch {
                let reason: String
                if case .tooLarge = error {
                    reason = "is larger than \(CatalogReader.maxContentsBytes >> 20) MiB; Xcode writes a few KiB"
                } else {
                    reason = error.description
                }
                issue(
                    file, .contentsJSON, reason,
                    "Contents.json is a small JSON file: fix it or rebuild the catalog with stickerpack build")
                return nil
            }
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            } catch {
                issue(
                    file, .contentsJSON, "is not valid JSON",
                    "fix the file or rebuild the catalog with stickerpack build")
                return nil
            }
            guard let dictionary = object as? [String: Any] else {
                issue(
                    file, .contentsJSON, "is not a JSON object",
                    "fix the file or rebuild the catalog with stickerpack build")
                return nil
            }
            return dictionary
        }

        mutating func checkKeys(_ object: [String: Any], known: [String], in file: String, what: String) {
            for key in object.keys.sorted() where !known.contains(key) {
                let guess = known.min { editDistance(key, $0) < editDistance(key, $1) }
                let suggestion = guess.flatMap { editDistance(key, $0) <= 3 ? " (did you mean '\($0)'?)" : nil } ?? ""
                issue(
                    file, .unknownKey, "unknown key '\(key)' in \(what)\(suggestion); Xcode ignores it",
                    "remove it or correct the spelling")
            }
        }

        static func subfolders(of path: String, withExtension ext: String) -> [String] {
            let names = (try? FolderListing.names(in: path, hidden: true)) ?? []
            return names.filter { ($0 as NSString).pathExtension.lowercased() == ext }.map { path + "/" + $0 }
        }

        mutating func readRoot(_ path: String) {
            if let root = contents(of: path) {
                checkKeys(root, known: ["info", "properties"], in: path + "/Contents.json", what: "the catalog")
            }
            let packFolders = Self.subfolders(of: path, withExtension: "stickerpack")
            if packFolders.isEmpty {
                issue(
                    path, .noPack, "holds no .stickerpack folder",
                    "add a sticker pack, or build one with stickerpack build")
            }
            for pack in packFolders { readPack(pack) }
            for iconSet in Self.subfolders(of: path, withExtension: "stickersiconset") { readIconSet(iconSet) }
        }

        mutating func readPack(_ path: String) {
            guard staysInside(path) else { return }
            let file = path + "/Contents.json"
            let json = contents(of: path) ?? [:]
            checkKeys(json, known: CatalogReader.packKeys, in: file, what: "the sticker pack")
            let properties = json["properties"] as? [String: Any] ?? [:]
            checkKeys(properties, known: CatalogReader.packPropertyKeys, in: file, what: "the pack's properties")
            let gridName = properties["grid-size"] as? String
            let gridSize = gridName.flatMap(SizeClass.init(rawValue:))
            if let gridName, gridSize == nil {
                issue(
                    file, .gridSizeInvalid, "grid-size '\(gridName)' is not small, regular or large",
                    "set grid-size to the size class of the art")
            } else if gridName == nil {
                issue(
                    file, .gridSizeMissing, "has no grid-size; Xcode falls back to regular",
                    "set properties.grid-size to small, regular or large")
            }

            let onDisk =
                Self.subfolders(of: path, withExtension: "sticker")
                + Self.subfolders(of: path, withExtension: "stickersequence")
            var listedNames: [String] = []
            if let stickers = json["stickers"] as? [Any] {
                for (index, element) in stickers.enumerated() {
                    guard let name = (element as? [String: Any])?["filename"] as? String, !name.isEmpty else {
                        issue(
                            file, .stickerListInvalid, "stickers[\(index)] has no filename",
                            "remove the entry or name its .sticker folder")
                        continue
                    }
                    guard isPlain(name, in: file, what: "sticker folder") else { continue }
                    if listedNames.contains(name) {
                        issue(file, .stickerListedTwice, "lists \(name) twice", "remove the second entry")
                    }
                    listedNames.append(name)
                }
            } else if json["stickers"] != nil {
                issue(
                    file, .stickerListInvalid, "'stickers' is not an array",
                    "make it an array of {\"filename\": \"name.sticker\"}")
            } else if !onDisk.isEmpty {
                issue(
                    file, .stickerListMissing, "has no stickers array, so the display order is not set",
                    "rebuild the catalog with stickerpack build to list every sticker in order")
            }

            var entries: [StickerEntry] = []
            var seen = Set<String>()
            for name in listedNames where !seen.contains(name) {
                seen.insert(name)
                let folder = path + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
                else {
                    issue(
                        file, .stickerMissing, "lists \(name), which is not there",
                        "remove the entry or restore the folder")
                    continue
                }
                if let entry = readEntry(folder, listed: true) { entries.append(entry) }
            }
            for folder in onDisk where !seen.contains((folder as NSString).lastPathComponent) {
                let name = (folder as NSString).lastPathComponent
                if json["stickers"] != nil {
                    issue(
                        folder, .stickerUnlisted,
                        "\(name) is not listed in the pack's stickers array, so it does not show in Messages",
                        "add it to the stickers array or delete the folder")
                }
                if let entry = readEntry(folder, listed: false) { entries.append(entry) }
            }
            for pair in NameCollision.pathPairs(entries.map(\.path)) {
                let (first, second) = (
                    (pair.first as NSString).lastPathComponent, (pair.second as NSString).lastPathComponent
                )
                issue(
                    pair.second, .caseCollision,
                    "\(second) and \(first) differ only in case; they collide on a case-insensitive file system",
                    "rename one of them")
            }
            packs.append(StickerPackFolder(path: path, gridSize: gridSize, entries: entries))
        }

        mutating func readEntry(_ folder: String, listed: Bool) -> StickerEntry? {
            guard staysInside(folder) else { return nil }
            let file = folder + "/Contents.json"
            let isSequence = (folder as NSString).pathExtension.lowercased() == "stickersequence"
            guard let json = contents(of: folder) else { return nil }
            checkKeys(
                json, known: isSequence ? CatalogReader.sequenceKeys : CatalogReader.stickerKeys, in: file,
                what: isSequence ? "the sequence" : "the sticker")
            let properties = json["properties"] as? [String: Any] ?? [:]
            checkKeys(
                properties, known: isSequence ? CatalogReader.sequencePropertyKeys : CatalogReader.stickerPropertyKeys,
                in: file, what: "the properties")
            let label = properties["accessibility-label"] as? String
            if let label, label.count > maxLabelLength {
                issue(
                    file, .labelTooLong,
                    "the accessibility label is \(label.count) characters; the limit is \(maxLabelLength)",
                    "shorten it to \(maxLabelLength) characters or fewer")
            }
            var entry = StickerEntry(
                path: folder, kind: isSequence ? .sequence : .sticker, imagePaths: [], accessibilityLabel: label,
                listed: listed)
            if isSequence {
                let duration = (properties["duration"] as? NSNumber)?.doubleValue
                let type = properties["duration-type"] as? String
                entry.repetitions = (properties["repetitions"] as? NSNumber)?.intValue
                if let type, SequenceTiming.Kind(rawValue: type) == nil {
                    issue(
                        file, .sequenceInvalid, "duration-type '\(type)' is not fixed or fps",
                        "set duration-type to fixed (seconds per cycle) or fps")
                }
                // Xcode reads a duration without a type as frames per second.
                if let duration {
                    entry.timing = SequenceTiming(
                        duration: duration, kind: type.flatMap(SequenceTiming.Kind.init(rawValue:)) ?? .fps)
                }
                let frames = json["frames"] as? [Any] ?? []
                if frames.isEmpty {
                    issue(file, .sequenceInvalid, "the sequence has no frames", "list its frame images under frames")
                }
                for (index, frame) in frames.enumerated() {
                    guard let name = (frame as? [String: Any])?["filename"] as? String, !name.isEmpty else {
                        issue(file, .sequenceEmptyFrame, "frames[\(index)] is empty", "remove the empty entry")
                        continue
                    }
                    addImage(name, in: folder, file: file, to: &entry)
                }
            } else if let name = properties["filename"] as? String, !name.isEmpty {
                addImage(name, in: folder, file: file, to: &entry)
            } else {
                issue(
                    file, .imageMissing, "names no image (properties.filename)",
                    "set properties.filename to the image in this folder")
            }
            return entry
        }

        mutating func addImage(_ name: String, in folder: String, file: String, to entry: inout StickerEntry) {
            guard isPlain(name, in: file, what: "file") else { return }
            let image = folder + "/" + name
            guard staysInside(image) else { return }
            if FileManager.default.fileExists(atPath: image) {
                entry.imagePaths.append(image)
            } else {
                issue(
                    file, .imageMissing, "names \(name), which is not in the folder",
                    "add the image or correct the filename")
            }
        }

        mutating func readIconSet(_ path: String) {
            guard staysInside(path) else { return }
            let file = path + "/Contents.json"
            guard let json = contents(of: path) else { return }
            var images: [IconEntry] = []
            for element in json["images"] as? [Any] ?? [] {
                guard let object = element as? [String: Any], let size = object["size"] as? String,
                    let scaleText = object["scale"] as? String, let scale = Int(scaleText.dropLast()),
                    let idiom = object["idiom"] as? String
                else {
                    issue(
                        file, .iconEntryIncomplete, "an image entry lacks size, scale or idiom",
                        "rebuild the icon set with stickerpack icons")
                    continue
                }
                var filename = object["filename"] as? String
                // A name leading out of the set, or a link out of the folder, is reported and left unread.
                if let name = filename, !isPlain(name, in: file, what: "file") || !staysInside(path + "/" + name) {
                    filename = nil
                }
                if let filename, !FileManager.default.fileExists(atPath: path + "/" + filename) {
                    issue(
                        file, .imageMissing, "names \(filename), which is not in the folder",
                        "add the image or rebuild the set with stickerpack icons")
                }
                images.append(
                    IconEntry(
                        filename: filename, size: size, scale: scale, idiom: idiom,
                        platform: object["platform"] as? String))
            }
            iconSets.append(IconSetFolder(path: path, images: images))
        }
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
        var previous = row[0]
        row[0] = i
        for j in 1...b.count {
            let current = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
            previous = current
        }
    }
    return row[b.count]
}
