import Foundation
import StickerSupport

/// The art of the app icon set an earlier export left in the catalog: its 1024x768 image, the largest of the
/// Messages slots. A run without `--icon` makes the set again from it, so an icon once given is not replaced
/// by the first sticker.
enum ExistingIconArt {
    static func path(inCatalog catalog: String) -> String? {
        let folder = catalog + "/iMessage App Icon.stickersiconset"
        guard let bytes = try? FileBytes.read(folder + "/Contents.json", limit: 1 << 20),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let images = object["images"] as? [[String: Any]],
            let entry = images.first(where: { $0["size"] as? String == "1024x768" }),
            let name = entry["filename"] as? String, !name.contains("/"), name != "..",
            FileManager.default.fileExists(atPath: folder + "/" + name)
        else { return nil }
        return folder + "/" + name
    }
}
