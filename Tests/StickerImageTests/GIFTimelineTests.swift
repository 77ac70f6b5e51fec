import Testing

@testable import StickerImage

@Suite("GIF delays on the running total")
struct GIFTimelineTests {
    @Test("Each start is rounded to hundredths on the running total, so the length never drifts")
    func cumulative() {
        // 60 fps: 2, 1, 2, 2, 1, 2 hundredths (0.1 s in all), where rounding each delay alone plays 0.12 s.
        #expect(GIFTimeline.centiseconds(Array(repeating: 1000 / 60, count: 6)) == [2, 1, 2, 2, 1, 2])
        #expect(GIFTimeline.centiseconds([40, 70, 100]) == [4, 7, 10])
        #expect(GIFTimeline.centiseconds([.nan, -5, 30]) == [0, 0, 3])
    }

    @Test("A frame written under 20 ms merges into the one before; a run of zero delays is kept")
    func merged() {
        #expect(GIFTimeline.keptFrames(Array(repeating: 1000 / 60, count: 6)) == [0, 2, 3, 5])
        #expect(GIFTimeline.keptFrames([40, 10, 40, 10]) == [0, 2])
        // A first frame of no time gives way to the next.
        #expect(GIFTimeline.keptFrames([0, 70, 60]) == [1, 2])
        #expect(GIFTimeline.keptFrames([0, 0, 0]) == [0, 1, 2])
        #expect(GIFTimeline.keptFrames([100]) == [0])
    }

    @Test("The encoder writes the rounded running total")
    func written() throws {
        let frame = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
        var other = frame
        other.pixels[0] = 0
        let image = DecodedImage(
            format: .gif, width: 2, height: 2,
            frames: (0..<6).map { AnimationFrame(image: $0 % 2 == 0 ? frame : other, delayMs: 1000 / 60) },
            loopCount: 0,
            encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
            warnings: [])
        let decoded = try ImageDecoder.decode(try GIFEncoder.encode(image))
        #expect(decoded.frames.map(\.delayMs) == [20, 10, 20, 20, 10, 20])
    }
}
