/// Where a sticker sits in one lint run: its pack (index into the inputs) and its place among that pack's paths.
/// The prepare phase keys facts and decoded images by it, so a consumer never has to find a path again.
public struct StickerKey: Hashable, Sendable, Comparable {
    public let pack: Int
    public let sticker: Int

    public init(pack: Int, sticker: Int) {
        self.pack = pack
        self.sticker = sticker
    }

    public static func < (a: Self, b: Self) -> Bool { (a.pack, a.sticker) < (b.pack, b.sticker) }
}
