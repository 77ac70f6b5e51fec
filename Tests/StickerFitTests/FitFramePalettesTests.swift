import StickerImage
import Testing

@testable import StickerFit

@Suite("fit's palette a frame")
struct FitFramePalettesTests {
    /// A colour cycle: each frame one hue (red, green, blue, yellow, cyan, magenta), shaded across the frame, with
    /// noise, so one palette for all the frames has few colours for each.
    static func colourCycle(frames count: Int = 6) throws -> DecodedImage {
        let hues: [SIMD3<Int>] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [0, 1, 1], [1, 0, 1]]
        let frames = hues.prefix(count).enumerated().map { index, hue in
            var noise = TestImages.Noise(state: UInt64(index + 1))
            var image = RGBAImage(width: 300, height: 300)
            for y in 0..<300 {
                for x in 0..<300 {
                    let level = 40 + (x + y) * 200 / 600 + Int(noise.next()) % 16
                    let offset = (y * 300 + x) * 4
                    for c in 0..<3 { image.pixels[offset + c] = UInt8(min(255, hue[c] * level + 20)) }
                    image.pixels[offset + 3] = 255
                }
            }
            return image
        }
        var image = try TestImages.image(frames, delayMs: 100)
        image.format = .gif
        return image
    }

    static func knobs(_ source: DecodedImage, colors: Int) -> FitKnobs {
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        return FitKnobs(geometry: base, frames: source.frames.count, format: .gif, colors: colors, dithered: true)
    }

    static func evaluator(_ source: DecodedImage) throws -> FitEvaluator {
        let options = FitOptions(byteLimit: 1_000_000, minQuality: 0, allowed: [.palette])
        return try FitEvaluator(
            cache: FitCache(source: source), limit: 1_000_000, options: options, budget: FitWorkBudget())
    }

    @Test("The quick look finds a colour cycle worth a palette a frame, and frames of one gradient not")
    func gate() throws {
        func gain(_ source: DecodedImage) throws -> Double {
            try #require(try Self.evaluator(source).framePaletteGain(Self.knobs(source, colors: 16)))
        }
        #expect(try gain(Self.colourCycle(frames: 3)) >= FitSearchPlan.framePaletteGate)
        #expect(try gain(TestImages.animation(frames: 3)) < FitSearchPlan.framePaletteGate)
    }

    @Test("On a colour cycle, 8 colours a frame take no more bytes than 48 for all, and score higher")
    func colourCyclePays() throws {
        let source = try Self.colourCycle()
        let evaluator = try Self.evaluator(source)
        var own = Self.knobs(source, colors: 8)
        own.framePalettes = true
        let shared = Self.knobs(source, colors: 48)
        #expect(try #require(evaluator.size(of: own)) <= (try #require(evaluator.size(of: shared))))
        let (ownCandidate, sharedCandidate) = (
            try #require(evaluator.candidate(own)), try #require(evaluator.candidate(shared))
        )
        #expect(ownCandidate.score.worst > sharedCandidate.score.worst + 2)
        // Its file shows the pixels that were scored.
        #expect(try ImageDecoder.decode(ownCandidate.bytes).frames == ownCandidate.shown.frames)
    }
}
