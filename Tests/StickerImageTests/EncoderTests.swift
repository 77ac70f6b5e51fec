import Foundation
import TestSupport
import Testing

@testable import StickerImage

@Suite("Encoders round-trip through the decoders")
struct EncoderTests {
    static func sample(_ name: String) throws -> DecodedImage {
        try ImageDecoder.decodeFile(at: Corpus.packageRoot.appendingPathComponent("SamplePacks/" + name).path)
    }

    @Test("APNG: every frame, delay and the loop count come back exactly")
    func apngRoundTrip() throws {
        let image = try Self.sample("Clean/wave.png")
        let bytes = try APNGEncoder.encode(image)
        #expect(try FormatSniffer.sniff(bytes) == .apng)
        let back = try ImageDecoder.decode(bytes)
        #expect(back.frames.count == image.frames.count)
        #expect(back.loopCount == image.loopCount)
        #expect(back.delaysMs == image.delaysMs)
        for (a, b) in zip(back.frames, image.frames) { #expect(a.image == b.image) }
    }

    @Test(
        "APNG round trip through corpus animations with every dispose and blend op",
        arguments: [
            "apng/pillow-apng/dispose_op_previous.png", "apng/pillow-apng/blend_op_over.png",
            "apng/pillow-apng/dispose_op_background_region.png",
            "image-rs-image-tests/images/gif/anim/mixed-disposal.gif",
        ])
    func corpusAnimations(_ path: String) throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path(path))
        let back = try ImageDecoder.decode(try APNGEncoder.encode(image))
        #expect(back.frames.map(\.image) == image.frames.map(\.image))
    }

    @Test("Few colours are written as an indexed PNG, still lossless")
    func paletteWhenLossless() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("pngsuite/pngsuite/tbbn3p08.png"))
        let bytes = try APNGEncoder.encode(image)
        let back = try ImageDecoder.decode(bytes)
        #expect(back.encoding.colorType == .palette)
        #expect(back.frames[0].image == image.frames[0].image)
    }

    @Test("GIF: few colours and binary alpha come back exactly; frames, delays, loop kept")
    func gifRoundTrip() throws {
        let image = try ImageDecoder.decodeFile(
            at: Corpus.path("image-rs-image-tests/images/gif/anim/mixed-disposal.gif"))
        let back = try ImageDecoder.decode(try GIFEncoder.encode(image))
        #expect(back.format == .gif)
        #expect(back.frames.map(\.image) == image.frames.map(\.image))
        #expect(back.delaysMs == image.delaysMs)
        #expect(back.loopCount == image.loopCount)
    }

    @Test("GIF from a full-colour sticker: at most 256 colours, alpha thresholded without a dark fringe")
    func gifQuantised() throws {
        let image = try Self.sample("Clean/cat.png")
        let back = try ImageDecoder.decode(try GIFEncoder.encode(image))
        let a = image.frames[0].image.pixels
        let b = back.frames[0].image.pixels
        var total = 0
        var compared = 0
        for i in Swift.stride(from: 0, to: a.count, by: 4) {
            #expect((a[i + 3] >= 128) == (b[i + 3] == 255), "alpha threshold at pixel \(i / 4)")
            if a[i + 3] >= 128 {
                total += (0..<3).reduce(0) { $0 + abs(Int(a[i + $1]) - Int(b[i + $1])) }
                compared += 3
            }
        }
        #expect(Double(total) / Double(compared) < 4, "mean colour error \(Double(total) / Double(compared))")
    }

    @Test("JPEG: same size, close colours")
    func jpegRoundTrip() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("libjpeg-turbo-testimages/testorig.jpg"))
        let back = try ImageDecoder.decode(try ImageEncoder.encode(image, as: .jpeg))
        #expect((back.width, back.height) == (image.width, image.height))
        let a = image.frames[0].image.pixels
        let b = back.frames[0].image.pixels
        let mean = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
        #expect(mean < 6)
    }
}
