import TestSupport
import Testing

@testable import StickerImage

/// A GIF's alpha cut (`GIFEncoder.thresholded`), and the scan that returns frames already cut without a copy.
@Suite("GIF alpha cut")
struct GIFThresholdTests {
    /// The cut pixel by pixel, as the encoder defines it.
    static func reference(_ image: RGBAImage, at threshold: UInt8) -> RGBAImage {
        var out = image
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            if out.pixels[i + 3] >= threshold {
                out.pixels[i + 3] = 255
            } else {
                for c in 0..<4 { out.pixels[i + c] = 0 }
            }
        }
        return out
    }

    /// Pixels that are already cut (opaque, transparent black) and ones that are not (translucent, transparent with
    /// a colour, the smallest non-zero word).
    static let cutPixels: [[UInt8]] = [[9, 200, 30, 255], [0, 0, 0, 0], [255, 255, 255, 255]]
    static let uncutPixels: [[UInt8]] = [
        [9, 200, 30, 254], [0, 0, 0, 127], [7, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1],
    ]

    @Test("Cut frames are found at every length; one uncut pixel anywhere, even past the first block, is found")
    func scanFindsEveryUncutPixel() {
        for (width, height) in [(1, 1), (3, 1), (64, 64), (100, 50), (4096, 2)] {
            let count = width * height
            let cut = (0..<count).flatMap { Self.cutPixels[$0 % Self.cutPixels.count] }
            let image = RGBAImage(width: width, height: height, pixels: cut)
            #expect(GIFEncoder.isCut(image))
            #expect(GIFEncoder.thresholded(image, at: 128) == image)
            for position in Set([0, count / 2, count - 1]) {
                for pixel in Self.uncutPixels {
                    var spoiled = image
                    spoiled.pixels.replaceSubrange(position * 4..<position * 4 + 4, with: pixel)
                    #expect(!GIFEncoder.isCut(spoiled), "\(width)x\(height), pixel \(pixel) at \(position)")
                    #expect(GIFEncoder.thresholded(spoiled, at: 128) == Self.reference(spoiled, at: 128))
                }
            }
        }
    }

    @Test("Any image is cut as the pixel-by-pixel reference cuts it, at any threshold")
    func cutMatchesReference() {
        var generator = TestPixels.Seeded(state: 29)
        let pixels = (0..<(37 * 29 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let image = RGBAImage(width: 37, height: 29, pixels: pixels)
        for threshold: UInt8 in [1, 128, 255] {
            let cut = GIFEncoder.thresholded(image, at: threshold)
            #expect(cut == Self.reference(image, at: threshold))
            #expect(GIFEncoder.isCut(cut))
        }
    }
}
