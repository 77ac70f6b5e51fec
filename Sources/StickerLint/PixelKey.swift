import StickerImage
import StickerSupport

/// XXH3-128 over an image's size and every frame's pixels: equal keys make two stickers candidates for
/// duplicates, which `Duplicates` then confirms by comparing the pixels themselves.
public struct PixelKey: Hashable, Sendable {
    let digest: Digest128

    public init(_ image: DecodedImage) {
        digest = Digest128 { feed in
            [image.width, image.height, image.frames.count].map { UInt64($0).littleEndian }.withUnsafeBytes(feed)
            for frame in image.frames { frame.image.pixels.withUnsafeBytes(feed) }
        }
    }

    /// A key made up for rule examples and tests.
    init(high: UInt64, low: UInt64) {
        digest = Digest128(high: high, low: low)
    }
}
