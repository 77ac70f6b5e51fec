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
    public var gridSize: String?
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
    /// Sequence timing: `duration`, `duration-type` ("fixed" or "fps"), `repetitions`.
    public var duration: Double?
    public var durationType: String?
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

/// A problem of the catalog's structure, with the `Contents.json` or folder it is in.
public struct CatalogIssue: Sendable, Equatable {
    public enum Level: String, Sendable { case error, warning }
    public var path: String
    public var level: Level
    public var message: String
    public var hint: String
    /// A filename or symbolic link that would lead out of the folder being read: nothing was read there.
    public var leadsOutside = false
}
