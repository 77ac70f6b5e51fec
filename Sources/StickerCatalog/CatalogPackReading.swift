import Foundation
import StickerImage
import StickerSupport

/// A `.stickerpack` folder and its stickers and sequences, read as Xcode reads them.
extension CatalogReader.Reading {
    mutating func readPack(_ path: String) {
        guard staysInside(path) else { return }
        guard let names = listing(path) else {
            // Kept, without stickers, so a build from the catalog stops on the issue, not on "holds no sticker pack".
            packs.append(StickerPackFolder(path: path, gridSize: nil, entries: []))
            return
        }
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
            Self.subfolders(of: names, in: path, withExtension: "sticker")
            + Self.subfolders(of: names, in: path, withExtension: "stickersequence")
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
}
