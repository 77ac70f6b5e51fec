import StickerImage
import Testing

@Suite("Frames blended by their time")
struct FrameBlendTests {
    private func pixel(_ rgba: [UInt8]) -> RGBAImage { RGBAImage(width: 1, height: 1, pixels: rgba) }

    @Test("Colours mix by weight and coverage: a clear pixel adds transparency, never its colour")
    func premultiplied() {
        let red = pixel([255, 0, 0, 255])
        let blue = pixel([0, 0, 255, 255])
        // A quarter of the time blue, three quarters red.
        #expect(RGBAImage.blend([red, blue], weights: [30, 10]).pixels == [191, 0, 64, 255])
        // Half the time clear (whatever colour its channels hold): red at half coverage, not darkened.
        let clear = pixel([0, 255, 0, 0])
        #expect(RGBAImage.blend([red, clear], weights: [1, 1]).pixels == [255, 0, 0, 128])
        // Half-covered blue beside opaque red, equal times: the red covers two thirds of the colour.
        let faint = pixel([0, 0, 255, 128])
        #expect(RGBAImage.blend([red, faint], weights: [1, 1]).pixels == [170, 0, 85, 192])
    }

    @Test("Clear stays clear with zeroed channels; one image comes back as it is; a zero weight takes no part")
    func edges() {
        let clear = pixel([9, 9, 9, 0])
        #expect(RGBAImage.blend([clear, clear], weights: [1, 1]).pixels == [0, 0, 0, 0])
        let odd = pixel([1, 2, 3, 4])
        #expect(RGBAImage.blend([odd], weights: [5]) == odd)
        let red = pixel([255, 0, 0, 255])
        #expect(RGBAImage.blend([red, pixel([0, 0, 255, 255])], weights: [2, 0]).pixels == [255, 0, 0, 255])
    }
}
