import Foundation
import StickerSupport

/// An `.stickersiconset` folder: its image entries, each file checked to be there and inside the set.
extension CatalogReader.Reading {
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
