import StickerImage
import StickerPalette
import Testing

@Suite("PaletteBuilder")
struct PaletteBuilderTests {
    typealias Options = PaletteQuantizer.Options

    @Test("One builder asked for many sizes in any order gives what a fresh quantisation of each gives")
    func reuseMatchesFresh() {
        let frames = (0..<3).map { PaletteTestImages.sticker(size: 48, hue: $0 * 70) }
        // One grows its median cut as asked, one runs it for 256 colours at once.
        for builder in [PaletteBuilder(frames: frames), PaletteBuilder(frames: frames, mostColors: 256)] {
            #expect(builder.distinctColors > 256)
            // Fewer colours first, then more (the median cut may run again), then fewer (replayed from it).
            for (colors, dithering) in [(16, .none), (128, .adaptive), (256, .none), (8, .floydSteinberg), (64, .none)]
                as [(Int, PaletteQuantizer.Dithering)]
            {
                let options = Options(maxColors: colors, dithering: dithering)
                let reused = builder.quantize(options)
                #expect(reused == PaletteQuantizer.quantize(frames, options: options), "\(colors) \(dithering)")
                #expect(reused.palette.colors.count <= colors)
            }
        }
    }

    @Test("Dithered and plain remaps of one size share one palette")
    func ditheringSharesPalette() {
        let frames = [PaletteTestImages.sticker(size: 40, hue: 30)]
        let builder = PaletteBuilder(frames: frames)
        let plain = builder.quantize(Options(maxColors: 12, dithering: .none))
        let dithered = builder.quantize(Options(maxColors: 12, dithering: .adaptive))
        #expect(plain.palette == dithered.palette)
        #expect(plain.indices != dithered.indices)
    }
}
