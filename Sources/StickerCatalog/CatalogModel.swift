import Foundation

/// An Xcode sticker catalog (`.xcstickers`, or an `.xcassets` holding sticker packs) as read from disk.
public struct StickerCatalog: Sendable {
    public var path: String
    public var packs: [StickerPackFolder]
    public var iconSets: [IconSetFolder]
    /// What the reader found wrong or odd, for the linter's `catalog` rule.
    public var issues: [CatalogIssue]
}

public struct StickerPackFolder: Sendable {
    public var path: String
    /// `properties.grid-size`: "small", "regular" or "large"; nil when missing.
    public var gridSize: SizeClass?
    /// In display order: the `stickers` array, then any folders it does not list.
    public var entries: [StickerEntry]
}

public struct StickerEntry: Sendable {
    public enum Kind: String, Sendable { case sticker, sequence }

    /// The `.sticker` or `.stickersequence` folder.
    public var path: String
    public var kind: Kind
    /// The image files it names that exist, in order (one for a `.sticker`, the frames of a sequence).
    public var imagePaths: [String]
    public var accessibilityLabel: String?
    /// Listed in the pack's `stickers` array.
    public var listed: Bool
    /// A sequence's `duration` and `duration-type`, when both are there and the type is known.
    public var timing: SequenceTiming?
    public var repetitions: Int?

    public var name: String { (path as NSString).lastPathComponent }
}

public struct IconSetFolder: Sendable {
    public var path: String
    public var images: [IconEntry]
}

public struct IconEntry: Sendable {
    public var filename: String?
    public var size: String
    public var scale: Int
    public var idiom: String
    public var platform: String?
}

/// A problem of the catalog's structure, with the `Contents.json` or folder it is in. Each kind is judged
/// by its own lint rule (StickerLint's `Rules/Catalog/`), which gives it its severity.
public struct CatalogIssue: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A folder without `Contents.json`, or one that is unreadable, too large, not JSON or not an object.
        case contentsJSON
        case unknownKey
        /// The catalog holds no `.stickerpack`.
        case noPack
        case gridSizeInvalid
        case gridSizeMissing
        /// The pack's `stickers` is not an array, or an entry has no filename.
        case stickerListInvalid
        /// No `stickers` array, so the display order is not set.
        case stickerListMissing
        case stickerListedTwice
        /// Listed, but the folder is not there.
        case stickerMissing
        /// A folder on disk that the `stickers` array does not list.
        case stickerUnlisted
        case caseCollision
        case labelTooLong
        /// A bad `duration-type`, or a sequence without frames.
        case sequenceInvalid
        case sequenceEmptyFrame
        /// A named image that is not in the folder, or a sticker that names none.
        case imageMissing
        /// An icon set entry without size, scale or idiom.
        case iconEntryIncomplete
        /// A symbolic link that leads out of the catalog (not followed without --follow-symlinks).
        case outsideLink
        /// A filename with `..` or a path separator, which would name a file outside its folder.
        case unsafeFilename
        /// A catalog, pack or icon set folder that cannot be listed: what it holds was not read.
        case unlistableFolder
    }

    public var path: String
    public var kind: Kind
    public var message: String
    public var hint: String

    /// A filename or symbolic link that would lead out of the folder being read: nothing was read there.
    public var leadsOutside: Bool { kind == .outsideLink || kind == .unsafeFilename }

    /// Something of the catalog was not read: outside it, or in a folder that cannot be listed. Commands that work
    /// on a catalog's files (`variants`, `fit`) report these before the rest, as they do files left unread.
    public var leftUnread: Bool { leadsOutside || kind == .unlistableFolder }

    public init(path: String, kind: Kind, message: String, hint: String) {
        self.path = path
        self.kind = kind
        self.message = message
        self.hint = hint
    }
}
