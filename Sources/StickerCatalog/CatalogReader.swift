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
                // A folder that cannot be listed is reported as such, not as one without a Contents.json.
                if required && listing(folder) != nil {
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

        /// The names in `path`, or nil with an issue when it cannot be listed (Xcode could not read it either).
        mutating func listing(_ path: String) -> [String]? {
            do {
                return try FolderListing.names(in: path, hidden: true)
            } catch {
                issue(
                    path, .unlistableFolder, "\(error); nothing in it was read",
                    "make the folder readable (check its permissions and owner)")
                return nil
            }
        }

        static func subfolders(of names: [String], in path: String, withExtension ext: String) -> [String] {
            names.filter { ($0 as NSString).pathExtension.lowercased() == ext }.map { path + "/" + $0 }
        }

        mutating func readRoot(_ path: String) {
            guard let names = listing(path) else { return }
            if let root = contents(of: path) {
                checkKeys(root, known: ["info", "properties"], in: path + "/Contents.json", what: "the catalog")
            }
            let packFolders = Self.subfolders(of: names, in: path, withExtension: "stickerpack")
            if packFolders.isEmpty {
                issue(
                    path, .noPack, "holds no .stickerpack folder",
                    "add a sticker pack, or build one with stickerpack build")
            }
            for pack in packFolders { readPack(pack) }
            for iconSet in Self.subfolders(of: names, in: path, withExtension: "stickersiconset") {
                readIconSet(iconSet)
            }
        }
    }
}
