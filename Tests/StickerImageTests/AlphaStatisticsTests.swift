import Testing

@testable import StickerImage

@Suite("Alpha statistics in one pass")
struct AlphaStatisticsTests {
    /// A w x h image, transparent but where `alpha` gives a value for (x, y).
    static func image(_ w: Int, _ h: Int, alpha: (Int, Int) -> UInt8) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w { pixels[(y * w + x) * 4 + 3] = alpha(x, y) }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    @Test("Art in the middle: transparent count, the visible rectangle, no opaque border")
    func artInTheMiddle() throws {
        let stats = Self.image(7, 5) { x, y in (2...4).contains(x) && (1...2).contains(y) ? 128 : 0 }
            .alphaStatistics
        #expect(stats.transparentPixels == 35 - 6)
        #expect(!stats.borderOpaque)
        let bounds = try #require(stats.visibleBounds)
        #expect([bounds.x, bounds.y, bounds.width, bounds.height] == [2, 1, 3, 2])
    }

    @Test("An opaque frame around a transparent hole is an opaque border; one border pixel at 254 is not")
    func border() {
        let framed = Self.image(6, 4) { x, y in x == 0 || y == 0 || x == 5 || y == 3 ? 255 : 0 }
        #expect(framed.alphaStatistics.borderOpaque)
        #expect(framed.alphaStatistics.transparentPixels == 8)
        let nicked = Self.image(6, 4) { x, y in
            (x, y) == (3, 3) ? 254 : (x == 0 || y == 0 || x == 5 || y == 3 ? 255 : 0)
        }
        #expect(!nicked.alphaStatistics.borderOpaque)
    }

    @Test("Nothing visible: every pixel transparent, no bounds; an empty image has no border")
    func nothingVisible() {
        let clear = Self.image(3, 3) { _, _ in 0 }.alphaStatistics
        #expect(clear.transparentPixels == 9 && clear.visibleBounds == nil && !clear.borderOpaque)
        #expect(!RGBAImage(width: 0, height: 0).alphaStatistics.borderOpaque)
    }

    @Test("One pass agrees with the plain definitions on random images")
    func agreesWithDefinitions() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let w = Int.random(in: 1...40, using: &generator)
            let h = Int.random(in: 1...40, using: &generator)
            let image = Self.image(w, h) { _, _ in [0, 0, 255, 17][Int.random(in: 0..<4, using: &generator)] }
            let alpha = (0..<(w * h)).map { image.pixels[$0 * 4 + 3] }
            let edge = (0..<(w * h)).filter { $0 % w == 0 || $0 % w == w - 1 || $0 / w == 0 || $0 / w == h - 1 }
            let stats = image.alphaStatistics
            #expect(stats.transparentPixels == alpha.filter { $0 == 0 }.count)
            #expect(stats.borderOpaque == edge.allSatisfy { alpha[$0] == 255 })
            let visible = alpha.indices.filter { alpha[$0] > 0 }
            if let b = stats.visibleBounds {
                #expect(b.x == visible.map { $0 % w }.min() && b.y == visible.map { $0 / w }.min())
                #expect(b.x + b.width - 1 == visible.map { $0 % w }.max())
                #expect(b.y + b.height - 1 == visible.map { $0 / w }.max())
            } else {
                #expect(visible.isEmpty)
            }
        }
    }
}
