import StickerImage

/// Transparent padding that changed a sticker's shape: tools that make every sticker square (sticker-convert's
/// iMessage presets pad to 300, 408 or 618 px squares) centre the art and pad the rest. Scoring such a
/// candidate stretched back to the original's shape would count the padding as distortion, so the comparison
/// scores the centred region of the original's shape instead, when everything outside it is transparent.
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

    /// The padding region of `frames` that gives them the shape `shapeWidth` x `shapeHeight`, or nil when some
    /// pixel outside it (a pixel's slack aside) is not fully transparent: the art was stretched or cropped.
    static func padding(of frames: [AnimationFrame], shapeWidth: Int, shapeHeight: Int) -> Letterbox? {
        guard let first = frames.first?.image else { return nil }
        let box = centred(width: first.width, height: first.height, shapeWidth: shapeWidth, shapeHeight: shapeHeight)
        guard box.width < first.width || box.height < first.height else { return nil }
        // A pixel of slack around the box: the padding tool may round its offset the other way, or its
        // resampler may bleed into the first row of padding.
        let (left, top, right, bottom) = (box.x - 1, box.y - 1, box.x + box.width + 1, box.y + box.height + 1)
        for frame in frames {
            let image = frame.image
            for y in 0..<image.height {
                let inside = y >= top && y < bottom
                for x in 0..<image.width where !(inside && x >= left && x < right) {
                    if image.pixels[(y * image.width + x) * 4 + 3] != 0 { return nil }
                }
            }
        }
        return box.trimmed(to: frames)
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
