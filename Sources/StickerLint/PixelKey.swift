import CXXHash
import StickerImage

/// XXH3-128 over an image's size and every frame's pixels: equal keys make two stickers candidates for
/// duplicates, which `Duplicates` then confirms by comparing the pixels themselves.
public struct PixelKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    public init(_ image: DecodedImage) {
        let state = XXH3_createState()!
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        var header = [image.width, image.height, image.frames.count].map { UInt64($0).littleEndian }
        header.withUnsafeMutableBytes { _ = XXH3_128bits_update(state, $0.baseAddress, $0.count) }
        for frame in image.frames {
            frame.image.pixels.withUnsafeBytes { _ = XXH3_128bits_update(state, $0.baseAddress, $0.count) }
        }
        let digest = XXH3_128bits_digest(state)
        (high, low) = (digest.high64, digest.low64)
    }

    /// A key made up for rule examples and tests.
    init(high: UInt64, low: UInt64) {
        (self.high, self.low) = (high, low)
    }
}
