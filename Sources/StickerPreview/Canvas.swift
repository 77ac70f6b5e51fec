import StickerImage

/// An sRGB colour with straight alpha (the sheet draws only opaque ones).
public struct Colour: Sendable, Equatable {
    public var r, g, b, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// 0xRRGGBB, opaque.
    public init(hex: UInt32) {
        self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
    }

    /// "#rrggbb", for CSS.
    public var css: String {
        "#" + [r, g, b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

/// An RGBA image being drawn on: opaque rectangles, images composited with source-over, bitmap text.
struct Canvas {
    var image: RGBAImage

    init(width: Int, height: Int, fill: Colour) {
        image = RGBAImage(width: width, height: height)
        self.fill(x: 0, y: 0, width: width, height: height, fill)
    }

    /// An opaque rectangle, clipped to the canvas.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, _ colour: Colour) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(image.width, x + width)
        let y1 = min(image.height, y + height)
        guard x0 < x1, y0 < y1 else { return }
        let w = image.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for row in y0..<y1 {
                for column in x0..<x1 {
                    let i = (row * w + column) * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (colour.r, colour.g, colour.b, 255)
                }
            }
        }
    }

    /// `source` with its top-left corner at (x, y), composited over the canvas (straight alpha, in sRGB as
    /// browsers composite; the APNG compositor's "over"), clipped to the canvas.
    mutating func draw(_ source: RGBAImage, x: Int, y: Int) {
        Compositor.draw(source, at: x, y, on: &image, blend: .over)
    }

    /// Draws `text` with the bitmap font at `scale`, cut with ".." to fit `maxWidth`; returns the width drawn.
    @discardableResult
    mutating func text(_ text: String, x: Int, y: Int, scale: Int, _ colour: Colour, maxWidth: Int = .max) -> Int {
        var characters = BitmapFont.printable(text)
        let fitting = max(0, (min(maxWidth / scale, Int.max - 1) + 1) / BitmapFont.advance)
        if characters.count > fitting {
            characters = Array(characters.prefix(max(0, fitting - 2))) + Array("..".utf8)
            characters = Array(characters.prefix(fitting))
        }
        for (index, character) in characters.enumerated() {
            let left = x + index * BitmapFont.advance * scale
            for fx in 0..<BitmapFont.glyphWidth {
                for fy in 0..<BitmapFont.glyphHeight where BitmapFont.isSet(character, x: fx, y: fy) {
                    fill(x: left + fx * scale, y: y + fy * scale, width: scale, height: scale, colour)
                }
            }
        }
        return characters.isEmpty ? 0 : (characters.count * BitmapFont.advance - 1) * scale
    }
}
