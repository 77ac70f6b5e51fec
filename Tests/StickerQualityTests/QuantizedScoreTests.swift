import StickerImage
import StickerPalette
import Testing

@testable import StickerQuality

@Suite("PaletteQuantizer by the sticker score")
struct QuantizedScoreTests {
    @Test("More colours score higher, over both backgrounds, for a still and for a shared animation palette")
    func moreColoursScoreHigher() throws {
        let frames = (0..<3).map { AnimationFrame(image: TestStickers.frame(phase: $0), delayMs: 100) }
        for source in [[frames[0]], frames] {
            let scorer = try StickerScorer(source: source)
            var scores: [Int: StickerScore] = [:]
            for colors in [8, 16, 256] {
                let quantized = PaletteQuantizer.quantize(
                    source.map(\.image), options: PaletteQuantizer.Options(maxColors: colors))
                let candidate = zip(quantized.images, source).map { AnimationFrame(image: $0, delayMs: $1.delayMs) }
                scores[colors] = try scorer.score(candidate)
            }
            #expect(scores[256]!.worst > scores[16]!.worst)
            #expect(scores[16]!.worst > scores[8]!.worst)
            #expect(scores[256]!.mean > scores[16]!.mean)
            // 256 colours of a smooth sticker are close to invisible.
            #expect(scores[256]!.worst > 85, "\(scores[256]!)")
        }
    }
}
