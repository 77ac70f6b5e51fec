import StickerImage
import StickerPalette
import Testing

@Suite("A palette a frame")
struct FramePalettesTests {
    static let size = 48
    static let options = PaletteQuantizer.Options(maxColors: 16, dithering: .none)

    /// A smooth ramp of one hue: red (0), green (1) or blue (2) rising across the frame, `level` adding grey.
    static func ramp(_ channel: Int, level: Int = 0) -> RGBAImage {
        PaletteTestImages.drawn(width: size, height: size) { x, y in
            var color = SIMD4<UInt8>(UInt8(level), UInt8(level), UInt8(level), 255)
            color[channel] = UInt8(min(255, level + (x + y) * 250 / (2 * size)))
            return color
        }
    }

    /// `image` with the pixels of the `x0..<x1` columns taken from `other`.
    static func columns(_ image: RGBAImage, _ x0: Int, _ x1: Int, from other: RGBAImage) -> RGBAImage {
        var out = image
        for y in 0..<size {
            for x in x0..<x1 {
                let i = (y * size + x) * 4
                for c in 0..<4 { out.pixels[i + c] = other.pixels[i + c] }
            }
        }
        return out
    }

    static func distinct(_ image: RGBAImage) -> Int {
        Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }).count
    }

    /// Summed squared error of the colour channels against the source.
    static func error(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).enumerated().reduce(0) { sum, item in
            let (index, (p, q)) = item
            return index % 4 == 3 ? sum : sum + (Int(p) - Int(q)) * (Int(p) - Int(q))
        }
    }

    @Test("Frames of different hues each get a palette of their own, closer to them than one shared palette")
    func ownColours() {
        let frames = [Self.ramp(0), Self.ramp(1), Self.ramp(2)]
        let own = FramePalettes.quantize(frames, options: Self.options)
        let shared = PaletteQuantizer.quantize(frames, options: Self.options).images
        for (index, frame) in frames.enumerated() {
            #expect(Self.distinct(own[index]) <= 16)
            #expect(Self.error(own[index], frame) * 4 < Self.error(shared[index], frame), "frame \(index)")
        }
    }

    @Test("A pixel that does not change keeps the colour shown before; the changed ones get the frame's palette")
    func unchangedCarried() {
        let first = Self.ramp(0)
        // The right half turns blue: its 16 colours come on top of the red ones the left half keeps.
        let second = Self.columns(first, Self.size / 2, Self.size, from: Self.ramp(2, level: 40))
        let out = FramePalettes.quantize([first, second], options: Self.options)
        let left = Self.columns(out[1], Self.size / 2, Self.size, from: out[0])
        #expect(left == out[0])
        let right = Self.columns(out[1], 0, Self.size / 2, from: RGBAImage(width: Self.size, height: Self.size))
        #expect(Self.distinct(right) <= 16 + 1)
        #expect(Self.distinct(out[1]) > 16)
    }

    @Test("A frame where a shown pixel turns transparent is quantised whole, from its own palette alone")
    func vanishingPixelsRequantiseTheFrame() {
        let first = Self.ramp(0)
        var second = Self.columns(first, Self.size / 2, Self.size, from: Self.ramp(2, level: 40))
        // A transparent hole in the red half: a GIF clears it by disposing a rectangle the next frame draws again.
        second = Self.columns(second, 0, 4, from: RGBAImage(width: Self.size, height: Self.size))
        let out = FramePalettes.quantize([first, second], options: Self.options)
        // Carried, the red half's colours would come on top of the frame's 16 (as in the test above).
        #expect(Self.distinct(out[1]) <= 16)
    }

    @Test("A frame equal to the one before is shown again as it was")
    func repeatedFrame() {
        let frame = Self.ramp(1)
        let out = FramePalettes.quantize([frame, frame], options: Self.options)
        #expect(out[0] == out[1])
    }

    /// The builders kept from one palette size to the next (fit's search asks for several) give what builders made
    /// afresh give: the median cut's splits for fewer colours are its first splits for more, and a frame's colours
    /// do not depend on the size asked. Under a budget too small for all, the rest are made again.
    @Test("Builders kept between palette sizes give the very frames of builders made afresh")
    func keptBuildersSameFrames() {
        var cleared = Self.ramp(1, level: 30)
        for i in stride(from: 3, to: cleared.pixels.count, by: 4 * 5) { cleared.pixels[i] = 0 }
        let frames = [Self.ramp(0), Self.columns(Self.ramp(0), 10, 30, from: Self.ramp(2, level: 40)), cleared]
        let sizes = [(64, true), (62, true), (16, false), (96, true), (12, false), (62, true)]
        for budget in [1 << 30, 20_000] {
            let kept = FramePaletteBuilders(frames: frames, budget: budget)
            for (colors, dithered) in sizes {
                let options = PaletteQuantizer.Options(maxColors: colors, dithering: dithered ? .adaptive : .none)
                #expect(
                    kept.quantizedImages(options) == FramePalettes.quantize(frames, options: options),
                    "\(colors) colours, dithered \(dithered), budget \(budget)")
            }
        }
    }
}
