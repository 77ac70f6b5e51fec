import StickerImage

/// Frames with the same pixels: an animation's holds and returns, which score alike against one candidate frame.
enum IdenticalFrames {
    /// For each image, the index of the first one with the same size and pixels (its own when none is earlier).
    /// A few sampled pixels pick the ones to compare in full (`==`), so distinct frames cost next to nothing.
    static func firstOccurrences(_ images: [RGBAImage]) -> [Int] {
        var seen: [[UInt32]: [Int]] = [:]
        return images.indices.map { index in
            let key = fingerprint(images[index])
            if let earlier = seen[key]?.first(where: { images[$0] == images[index] }) { return earlier }
            seen[key, default: []].append(index)
            return index
        }
    }

    /// The size and up to 64 pixels spread over the image.
    private static func fingerprint(_ image: RGBAImage) -> [UInt32] {
        let count = image.width * image.height
        let step = max(1, count / 64)
        return image.pixels.withUnsafeBytes { bytes in
            [UInt32(image.width), UInt32(image.height)]
                + stride(from: 0, to: count, by: step).map { bytes.load(fromByteOffset: $0 * 4, as: UInt32.self) }
        }
    }
}
