import StickerImage
import TestSupport
import Testing

@testable import StickerPalette

@Suite("Dithering's AVX and AVX-512 kernels")
struct DitherKernelTests {
    /// Real images with many colours: an animation whose frames carry entries from the one before (its first eight
    /// frames, for time), a gradient with every alpha, and a photo.
    static let files = [
        "pillow-tests/gif/iss634.gif", "go-image-testdata/png-testdata/benchNRGBA-gradient.png",
        "wuffs-testdata/hat.png",
    ]

    @Test(
        "Each vector loop gives exactly the portable loop's entries",
        .enabled(if: Remapper.Loop.best != .portable, "no AVX, or portable"), arguments: files)
    func sameEntries(_ file: String) throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path(file))
        let builder = PaletteBuilder(
            width: image.width, height: image.height, frames: image.frames.prefix(8).map(\.image.pixels),
            mostColors: 32)
        for colors in [32, 3] {
            for dithering in [PaletteQuantizer.Dithering.adaptive, .floydSteinberg] {
                let options = PaletteQuantizer.Options(maxColors: colors, dithering: dithering)
                let portable = builder.quantize(options, frames: nil, loop: .portable)
                for loop in [Remapper.Loop.avx, .avx512] where loop.runs {
                    let vector = builder.quantize(options, frames: nil, loop: loop)
                    let differing = zip(vector.indices.joined(), portable.indices.joined()).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(file), \(colors) colours, \(dithering), \(loop): entries that differ")
                }
                // Dithered, not every pixel of a colour took one entry: the loops had errors to carry.
                let plain = builder.quantize(PaletteQuantizer.Options(maxColors: colors, dithering: .none))
                #expect(portable.indices != plain.indices)
            }
        }
    }
}
