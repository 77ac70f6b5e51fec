import Foundation
import Testing

@testable import StickerImage
@testable import StickerQuality

@Suite("StickerComparison and Letterbox")
struct StickerComparisonTests {
    /// `image` centred in a transparent canvas `extra` px taller (half above, half below, odd pixel below).
    static func padded(_ image: RGBAImage, extraRows extra: Int) -> RGBAImage {
        var canvas = RGBAImage(width: image.width, height: image.height + extra)
        let offset = extra / 2 * image.width * 4
        canvas.pixels.replaceSubrange(offset..<(offset + image.pixels.count), with: image.pixels)
        return canvas
    }

    static func decoded(_ frames: [AnimationFrame]) -> DecodedImage {
        DecodedImage(
            format: .png, width: frames[0].image.width, height: frames[0].image.height, frames: frames,
            loopCount: 0,
            encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
            warnings: [])
    }

    @Test("The centred box of a shape, wider or taller than the image's")
    func centredBox() {
        #expect(
            Letterbox.centred(width: 618, height: 618, shapeWidth: 720, shapeHeight: 406)
                == Letterbox(x: 0, y: 135, width: 618, height: 348))
        #expect(
            Letterbox.centred(width: 408, height: 408, shapeWidth: 300, shapeHeight: 600)
                == Letterbox(x: 102, y: 0, width: 204, height: 408))
    }

    @Test("A shape off by a pixel's rounding is the same shape; padding to a square is not")
    func aspect() {
        #expect(!StickerComparison.aspectDiffers(width: 720, height: 406, otherWidth: 618, otherHeight: 348))
        #expect(!StickerComparison.aspectDiffers(width: 320, height: 240, otherWidth: 618, otherHeight: 463))
        #expect(StickerComparison.aspectDiffers(width: 320, height: 240, otherWidth: 618, otherHeight: 618))
    }

    @Test("Transparent padding is found and cut off; a candidate with art in the margin is not cut")
    func padding() throws {
        // A solid frame: the disc sticker has transparent corners of its own, which must not be taken for padding.
        let art = RGBAImage(width: 96, height: 64, pixels: [UInt8](repeating: 200, count: 96 * 64 * 4))
        let frames = [AnimationFrame(image: Self.padded(art, extraRows: 33), delayMs: 0)]
        let box = try #require(Letterbox.padding(of: frames, originalWidth: 96, originalHeight: 64))
        #expect(box == Letterbox(x: 0, y: 16, width: 96, height: 64))
        #expect(box.crop(frames[0].image) == art)

        var marked = frames
        marked[0].image.pixels[3] = 255  // one opaque pixel in the top padding row
        #expect(Letterbox.padding(of: marked, originalWidth: 96, originalHeight: 64) == nil)

        // Margins that keep the shape (fit's, around art under 300 px): the art at its own size is found.
        let square = RGBAImage(width: 64, height: 64, pixels: [UInt8](repeating: 180, count: 64 * 64 * 4))
        var canvas = RGBAImage(width: 80, height: 80)
        for row in 0..<64 {
            let to = ((row + 8) * 80 + 8) * 4
            canvas.pixels[to..<to + 64 * 4] = square.pixels[row * 64 * 4..<(row + 1) * 64 * 4]
        }
        let margins = [AnimationFrame(image: canvas, delayMs: 0)]
        let found = try #require(Letterbox.padding(of: margins, originalWidth: 64, originalHeight: 64))
        #expect(found == Letterbox(x: 8, y: 8, width: 64, height: 64))
        // The same size as the original: nothing to cut.
        #expect(
            Letterbox.padding(of: [AnimationFrame(image: square, delayMs: 0)], originalWidth: 64, originalHeight: 64)
                == nil)
    }

    @Test("A padded copy scores 100 and says so; halved delays are a speed-up")
    func comparison() throws {
        let frames = (0..<3).map {
            AnimationFrame(image: TestStickers.frame(width: 96, height: 64, phase: $0), delayMs: 100)
        }
        let padded = frames.map { AnimationFrame(image: Self.padded($0.image, extraRows: 32), delayMs: 50) }
        let comparison = try StickerComparison(original: Self.decoded(frames), candidate: Self.decoded(padded))
        #expect(comparison.aspectChanged)
        #expect(comparison.letterbox != nil)
        #expect(comparison.score.worst == 100)
        #expect(comparison.durationRatio == 0.5)
        #expect(comparison.spedUp)
        #expect(!comparison.animationChanged)
    }
}
