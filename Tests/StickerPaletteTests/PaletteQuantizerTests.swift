import Foundation
import StickerImage
import StickerPalette
import TestSupport
import Testing

@Suite("PaletteQuantizer")
struct PaletteQuantizerTests {
    typealias Options = PaletteQuantizer.Options

    @Test("An image with no more colours than allowed comes back pixel for pixel, invisible colours too")
    func losslessWhenFewColours() {
        // 200 colours: opaque, translucent, and transparent pixels with differing colour channels.
        let image = PaletteTestImages.drawn(width: 40, height: 20) { x, y in
            let n = (y * 40 + x) % 200
            return SIMD4(UInt8(n), UInt8(255 - n), UInt8(n * 7 % 256), n < 20 ? 0 : n < 60 ? UInt8(n * 4) : 255)
        }
        #expect(PaletteTestImages.distinctColors(image).count == 200)
        for maxColors in [200, 256] {
            let quantized = PaletteQuantizer.quantize(image, options: Options(maxColors: maxColors))
            #expect(quantized.palette.colors.count == 200)
            #expect(quantized.image(frame: 0) == image)
        }
        // Transparent entries first, then by alpha: a PNG's tRNS can stop at the last translucent entry.
        let alphas = PaletteQuantizer.quantize(image).palette.colors.map(\.w)
        #expect(alphas == alphas.sorted())
    }

    @Test(
        "Fully transparent pixels stay alpha 0 and fully opaque ones alpha 255, whatever the dithering",
        arguments: PaletteQuantizer.Dithering.allCases)
    func alphaExtremesKept(dithering: PaletteQuantizer.Dithering) {
        let image = PaletteTestImages.sticker(size: 96)
        #expect(PaletteTestImages.distinctColors(image).count > 1000)
        let alphas = Set(image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(alphas.contains(0) && alphas.contains(255) && alphas.count > 10)
        for maxColors in [4, 16, 256] {
            let quantized = PaletteQuantizer.quantize(
                image, options: Options(maxColors: maxColors, dithering: dithering))
            #expect(quantized.palette.colors.count <= maxColors)
            let output = quantized.image(frame: 0)
            var broken = 0
            for i in Swift.stride(from: 3, to: image.pixels.count, by: 4) {
                let source = image.pixels[i]
                if (source == 0 || source == 255) && output.pixels[i] != source { broken += 1 }
            }
            #expect(broken == 0, "\(broken) pixels lost alpha 0 or 255 at \(maxColors) colours")
            // The translucent rim is kept as translucent entries, not rounded to the extremes.
            #expect(quantized.palette.colors.contains { $0.w > 0 && $0.w < 255 })
        }
    }

    @Test("Frames share one palette that serves each of them")
    func sharedPaletteOverFrames() {
        // Reds in the first frame, blues in the second: a palette made from one frame would fail the other.
        let reds = PaletteTestImages.drawn(width: 64, height: 32) { x, y in SIMD4(UInt8(128 + x * 2), UInt8(y), 0, 255)
        }
        let blues = PaletteTestImages.drawn(width: 64, height: 32) { x, y in SIMD4(0, UInt8(y), UInt8(128 + x * 2), 255)
        }
        let quantized = PaletteQuantizer.quantize([reds, blues], options: Options(maxColors: 32, dithering: .none))
        #expect(quantized.indices.count == 2)
        #expect(quantized.palette.colors.count <= 32)
        let used = quantized.indices.map { Set($0) }
        #expect(used[0].isDisjoint(with: used[1]))
        #expect(used[0].count >= 8 && used[1].count >= 8)
        for (frame, source) in [reds, blues].enumerated() {
            #expect(PaletteTestImages.largestDifference(quantized.image(frame: frame), source) <= 24)
        }
        #expect(quantized.images == [quantized.image(frame: 0), quantized.image(frame: 1)])
    }

    @Test("The same input gives the same output", arguments: PaletteQuantizer.Dithering.allCases)
    func deterministic(dithering: PaletteQuantizer.Dithering) {
        let frames = [PaletteTestImages.sticker(hue: 0), PaletteTestImages.sticker(hue: 40)]
        let options = Options(maxColors: 24, dithering: dithering)
        #expect(
            PaletteQuantizer.quantize(frames, options: options) == PaletteQuantizer.quantize(frames, options: options))
    }

    @Test("A grey ramp cut to 16 colours stays within a bounded error")
    func rampToSixteenColours() {
        let quantized = PaletteQuantizer.quantize(
            PaletteTestImages.ramp, options: Options(maxColors: 16, dithering: .none))
        #expect(quantized.palette.colors.count == 16)
        #expect(quantized.palette.colors.allSatisfy { $0.w == 255 && $0.x == $0.y && $0.y == $0.z })
        let output = quantized.image(frame: 0)
        var total = 0
        var largest = 0
        for i in Swift.stride(from: 0, to: output.pixels.count, by: 4) {
            let error = abs(Int(output.pixels[i]) - Int(PaletteTestImages.ramp.pixels[i]))
            total += error
            largest = max(largest, error)
        }
        // 256 codes in 16 steps: an even split would miss by at most 8, a perceptual one more at the light end.
        #expect(largest <= 16)
        #expect(Double(total) / Double(output.pixels.count / 4) <= 6)
    }

    @Test("Dithering keeps a ramp's local average where banding loses it, and leaves exact colours alone")
    func ditheringOnAndOff() {
        let options = { (dithering: PaletteQuantizer.Dithering) in Options(maxColors: 6, dithering: dithering) }
        let banded = PaletteQuantizer.quantize(PaletteTestImages.ramp, options: options(.none)).image(frame: 0)
        for dithering in [PaletteQuantizer.Dithering.floydSteinberg, .adaptive] {
            let dithered = PaletteQuantizer.quantize(PaletteTestImages.ramp, options: options(dithering))
            let output = dithered.image(frame: 0)
            #expect(output != banded)
            #expect(Self.blockError(output) < Self.blockError(banded) * 0.7, "\(dithering)")
        }
        // Flat areas in colours the palette holds exactly stay flat when dithered.
        let flags = PaletteTestImages.drawn(width: 60, height: 40) { x, y in
            x < 20 ? SIMD4(200, 30, 30, 255) : x < 40 ? SIMD4(255, 255, 255, 255) : SIMD4(30, 30, UInt8(100 + y), 255)
        }
        let quantized = PaletteQuantizer.quantize(flags, options: Options(maxColors: 8, dithering: .floydSteinberg))
        let output = quantized.image(frame: 0)
        for y in 0..<40 {
            for x in 0..<38 {
                let i = (y * 60 + x) * 4
                #expect(Array(output.pixels[i..<(i + 4)]) == Array(flags.pixels[i..<(i + 4)]), "(\(x), \(y))")
            }
        }
    }

    @Test(
        "In a dithered animation what stands still keeps its entries from frame to frame",
        arguments: [
            PaletteQuantizer.Dithering.floydSteinberg, .adaptive,
        ])
    func ditherStandsStill(_ dithering: PaletteQuantizer.Dithering) {
        // A ramp on the left that stays; on the right a block whose colour changes each frame.
        let frames = (0..<3).map { (frame: Int) -> RGBAImage in
            let block = SIMD4<UInt8>(UInt8(60 + frame * 70), 40, UInt8(200 - frame * 60), 255)
            return PaletteTestImages.drawn(width: 64, height: 32) { (x: Int, y: Int) -> SIMD4<UInt8> in
                guard x < 40 else { return block }
                return SIMD4<UInt8>(UInt8(x * 6), UInt8(y * 7), 90, 255)
            }
        }
        let quantized = PaletteQuantizer.quantize(frames, options: Options(maxColors: 8, dithering: dithering))
        // The block's error reaches into the ramp (serpentine rows run right to left too), and differs from frame
        // to frame; the ramp keeps its entries all the same.
        for y in 0..<32 {
            for x in 0..<40 {
                let i = y * 64 + x
                #expect(quantized.indices[1][i] == quantized.indices[0][i], "(\(x), \(y))")
                #expect(quantized.indices[2][i] == quantized.indices[0][i], "(\(x), \(y))")
            }
        }
        // The ramp is still dithered, not banded: more entries than its rows and columns would take plainly.
        #expect(Set(quantized.indices[0]).count > 2)
    }

    @Test("Photos keep to the colour count and use most of it")
    func photoWithinColourCount() throws {
        let photo = try ImageDecoder.decodeFile(at: Corpus.path("wuffs-testdata/hat.png")).frames[0].image
        for maxColors in [2, 16, 256] {
            let quantized = PaletteQuantizer.quantize(photo, options: Options(maxColors: maxColors))
            #expect(quantized.palette.colors.count <= maxColors)
            #expect(quantized.palette.colors.count >= maxColors * 3 / 4)
            #expect(quantized.image(frame: 0).width == photo.width)
        }
    }

    /// Mean absolute error of 8x8 block averages against the ramp: what the eye sees from a distance.
    static func blockError(_ image: RGBAImage) -> Double {
        var total = 0.0
        var blocks = 0
        for by in Swift.stride(from: 0, to: 16, by: 8) {
            for bx in Swift.stride(from: 0, to: 256, by: 8) {
                var sum = 0
                var reference = 0
                for y in by..<(by + 8) {
                    for x in bx..<(bx + 8) {
                        sum += Int(image.pixels[(y * 256 + x) * 4])
                        reference += x
                    }
                }
                total += abs(Double(sum - reference)) / 64
                blocks += 1
            }
        }
        return total / Double(blocks)
    }
}
