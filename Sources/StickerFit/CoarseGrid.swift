import StickerImage

/// About 64 x 64 pixels spread evenly over an image, read premultiplied: enough to tell which frames of an animation
/// differ most, at a tiny part of a score's cost.
struct CoarseGrid {
    private let offsets: [Int]

    init(width: Int, height: Int, across: Int = 64) {
        let (stepX, stepY) = (max(1, width / across), max(1, height / across))
        offsets = stride(from: stepY / 2, to: height, by: stepY).flatMap { y in
            stride(from: stepX / 2, to: width, by: stepX).map { x in (y * width + x) * 4 }
        }
    }

    /// The grid's pixels of `image` (of the size the grid was made for): red, green and blue times alpha, and alpha,
    /// each from 0 to 255.
    func samples(of image: RGBAImage) -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(offsets.count * 4)
        for offset in offsets {
            let alpha = Float(image.pixels[offset + 3]) / 255
            for channel in 0..<3 { out.append(Float(image.pixels[offset + channel]) * alpha) }
            out.append(alpha * 255)
        }
        return out
    }
}
