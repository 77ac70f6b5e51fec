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

/// The exact check behind a duplicate: stickers whose keys match are decoded again (the one second read
/// the linter allows) and compared frame by frame, so a hash collision can never report a false duplicate.
enum Duplicates {
    /// For each sticker identical to an earlier one of `stickers`, the earlier one's path (by index).
    static func confirm(_ stickers: [StickerFacts], limits: DecodeLimits) -> [Int: String] {
        var byKey: [PixelKey: [Int]] = [:]
        for (index, sticker) in stickers.enumerated() {
            if let key = sticker.pixelKey { byKey[key, default: []].append(index) }
        }
        var sameAs: [Int: String] = [:]
        for group in byKey.values where group.count > 1 {
            var originals: [(index: Int, frames: [AnimationFrame])] = []
            for index in group.sorted() {
                guard let image = try? ImageDecoder.decodeFile(at: stickers[index].path, limits: limits) else {
                    continue
                }
                if let original = originals.first(where: { Self.samePixels($0.frames, image.frames) }) {
                    sameAs[index] = stickers[original.index].path
                } else {
                    originals.append((index, image.frames))
                }
            }
        }
        return sameAs
    }

    /// Every frame's pixels equal; delays may differ (the art is the same).
    static func samePixels(_ a: [AnimationFrame], _ b: [AnimationFrame]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.image == $1.image }
    }
}
