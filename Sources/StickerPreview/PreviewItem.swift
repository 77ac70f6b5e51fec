import Foundation
import StickerLint

/// What the sheet and the report show as one sticker: a file, or the frames of a catalog's `.stickersequence`,
/// which Messages plays as one animated sticker.
public struct PreviewItem: Sendable {
    /// Indices into the pack's stickers, in order (one, or a sequence's frames).
    public var stickers: [Int]
    /// The `.stickersequence` folder; nil for a single file.
    public var sequence: String?
    /// The catalog folder it lives in (its `.sticker` or `.stickersequence`): the catalog's findings about that
    /// folder and its Contents.json are the item's too. Nil for a file outside a catalog.
    public var folder: String?

    public var isSequence: Bool { sequence != nil }

    /// The pack's items in order: consecutive frames of one sequence grouped.
    public static func items(of pack: PackReport) -> [PreviewItem] {
        var items: [PreviewItem] = []
        for (index, sticker) in pack.stickers.enumerated() {
            let sequence = pack.sequenceOf[sticker.path]
            if let sequence, let last = items.last, last.sequence == sequence {
                items[items.count - 1].stickers.append(index)
            } else {
                let parent = (sticker.path as NSString).deletingLastPathComponent
                items.append(
                    PreviewItem(
                        stickers: [index], sequence: sequence,
                        folder: sequence ?? (parent.hasSuffix(".sticker") ? parent : nil)))
            }
        }
        return items
    }

    /// Its name inside the pack: "cat.png", "wave.stickersequence".
    public func name(in pack: PackReport) -> String {
        ContactSheet.relativeName(sequence ?? pack.stickers[stickers[0]].path, in: pack.name)
    }

    /// The diagnostics of its files, and those of its catalog folder and that folder's Contents.json; the
    /// worst first.
    public func diagnostics(in pack: PackReport) -> [Diagnostic] {
        let paths = Set(stickers.map { pack.stickers[$0].path })
        let own = pack.diagnostics.filter { diagnostic in
            paths.contains(diagnostic.path)
                || folder.map { diagnostic.path == $0 || diagnostic.path.hasPrefix($0 + "/") } == true
        }
        return own.enumerated().sorted { ($0.element.severity, $1.offset) > ($1.element.severity, $0.offset) }.map(
            \.element)
    }

    /// The pack's diagnostics that belong to no item (the catalog, its icon set).
    public static func packDiagnostics(_ pack: PackReport) -> [Diagnostic] {
        let claimed = items(of: pack).flatMap { $0.diagnostics(in: pack) }
        return pack.diagnostics.filter { !claimed.contains($0) }
    }
}
