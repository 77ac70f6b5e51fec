import StickerImage

/// Transparent padding around a sticker's art: tools that make every sticker square (sticker-convert's iMessage
/// presets pad to 300, 408 or 618 px squares) centre the art and pad the rest, and `fit` gives art under 300 px
/// margins. Scoring such a candidate scaled back to the original's size would count the padding as distortion,
/// so the comparison scores the region of the art instead, when everything outside it is transparent.
public struct Letterbox: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// The centred region of a `width` x `height` image with the aspect ratio of `shapeWidth` x `shapeHeight`.
    static func centred(width: Int, height: Int, shapeWidth: Int, shapeHeight: Int) -> Letterbox {
        // Compare width / height with shapeWidth / shapeHeight without rounding.
        if width * shapeHeight > height * shapeWidth {
            let inner = max(1, min(width, Int((Double(height * shapeWidth) / Double(shapeHeight)).rounded())))
            return Letterbox(x: (width - inner) / 2, y: 0, width: inner, height: height)
        }
        let inner = max(1, min(height, Int((Double(width * shapeHeight) / Double(shapeWidth)).rounded())))
        return Letterbox(x: 0, y: (height - inner) / 2, width: width, height: inner)
    }

    /// The region of `frames` that holds the original's art, when the rest is transparent padding, or nil. Two
    /// paddings are known: margins around the art at its own size (`fit` brings a short side to 300 px so) and
    /// margins that give the art scaled to fit the original's shape (sticker-convert's squares). The first box
    /// whose outside is fully transparent in every frame (a pixel's slack aside) is it.
    static func padding(of frames: [AnimationFrame], originalWidth: Int, originalHeight: Int) -> Letterbox? {
        guard let first = frames.first?.image else { return nil }
        let (width, height) = (first.width, first.height)
        var boxes: [Letterbox] = []
        if width >= originalWidth && height >= originalHeight && (width, height) != (originalWidth, originalHeight) {
            boxes.append(
                Letterbox(
                    x: (width - originalWidth) / 2, y: (height - originalHeight) / 2, width: originalWidth,
                    height: originalHeight))
        }
        let shaped = centred(width: width, height: height, shapeWidth: originalWidth, shapeHeight: originalHeight)
        if shaped.width < width || shaped.height < height { boxes.append(shaped) }
        return boxes.first { $0.isPadding(of: frames) }.map { $0.trimmed(to: frames) }
    }

    /// Whether every pixel outside the box, but for a pixel of slack around it, is fully transparent: the padding
    /// tool may round its offset the other way, or its resampler may bleed into the first row of padding.
    private func isPadding(of frames: [AnimationFrame]) -> Bool {
        let (left, top, right, bottom) = (x - 1, y - 1, x + width + 1, y + height + 1)
        for frame in frames {
            let image = frame.image
            for row in 0..<image.height {
                let inside = row >= top && row < bottom
                for column in 0..<image.width where !(inside && column >= left && column < right) {
                    if image.pixels[(row * image.width + column) * 4 + 3] != 0 { return false }
                }
            }
        }
        return true
    }

    /// The box with each padded edge moved to the first row or column of art when that is within a pixel:
    /// where the padding tool rounded its offset, one transparent row left in would be scored as a hard edge.
    private func trimmed(to frames: [AnimationFrame]) -> Letterbox {
        var opaque = (left: Int.max, top: Int.max, right: -1, bottom: -1)
        for frame in frames {
            let image = frame.image
            for y in 0..<image.height {
                for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 {
                    opaque = (min(opaque.left, x), min(opaque.top, y), max(opaque.right, x), max(opaque.bottom, y))
                }
            }
        }
        var box = self
        func near(_ a: Int, _ b: Int) -> Bool { abs(a - b) <= 1 }
        if near(opaque.left, x) && near(opaque.right + 1, x + width) {
            box.x = opaque.left
            box.width = opaque.right + 1 - opaque.left
        }
        if near(opaque.top, y) && near(opaque.bottom + 1, y + height) {
            box.y = opaque.top
            box.height = opaque.bottom + 1 - opaque.top
        }
        return box
    }

    /// The region of `image`, copied row by row.
    func crop(_ image: RGBAImage) -> RGBAImage {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            pixels.append(contentsOf: image.pixels[start..<(start + width * 4)])
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
