import Foundation
import StickerImage
import StickerJSON
import StickerSupport

/// Renames a sticker's file in the Contents.json beside it (a `.sticker`'s `filename`, a
/// `.stickersequence`'s frames), changing nothing else in the file, so Xcode's formatting stays.
enum ContentsRename {
    /// Does nothing when the folder has no Contents.json or it does not name `old`.
    static func rename(_ old: String, to new: String, inFolder folder: String) throws {
        let path = (folder.isEmpty ? "." : folder) + "/Contents.json"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let text = String(decoding: try FileBytes.read(path, limit: 4 << 20), as: UTF8.self)
        let quoted = { (name: String) in JSONValue.string(name).serialized(pretty: false) }
        let pattern = "(\"filename\"\\s*:\\s*)" + NSRegularExpression.escapedPattern(for: quoted(old))
        let expression = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        guard expression.firstMatch(in: text, range: range) != nil else { return }
        let replacement = "$1" + NSRegularExpression.escapedTemplate(for: quoted(new))
        let renamed = expression.stringByReplacingMatches(in: text, range: range, withTemplate: replacement)
        try AtomicFileWriter.write(Array(renamed.utf8), to: path)
    }
}
