import Testing

@testable import StickerPalette

@Suite("ColorBuckets")
struct ColorBucketsTests {
    /// `count` colours of a smooth field, every other one translucent.
    static func colors(_ count: Int) -> (colors: [UInt32], points: [PalettePoint], weights: [Float], opaque: [Bool]) {
        let colors = (0..<count).map { n -> UInt32 in
            let color = SIMD4<UInt8>(
                UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), n % 2 == 0 ? 255 : 200)
            return PaletteSpace.pack(color)
        }
        return (
            colors, colors.map(PaletteSpace.point), colors.indices.map { Float($0 % 7 + 1) },
            colors.map { $0 >= 0xFF00_0000 }
        )
    }

    @Test("Up to the limit every colour is its own point")
    func fewColours() {
        let (colors, points, weights, opaque) = Self.colors(1000)
        let buckets = ColorBuckets(colors: colors, points: points, weights: weights, opaque: opaque)
        #expect(buckets.bucket == nil && buckets.points == points && buckets.weights == weights)
        #expect(buckets.point(of: 17) == 17)
    }

    @Test("Past it, neighbours merge at their weighted mean; opaque colours never share with translucent ones")
    func manyColours() throws {
        let (colors, points, weights, opaque) = Self.colors(ColorBuckets.limit * 3)
        let buckets = ColorBuckets(colors: colors, points: points, weights: weights, opaque: opaque)
        let bucket = try #require(buckets.bucket)
        #expect(buckets.points.count < colors.count / 4)
        // The weight is kept whole, and each bucket is of one kind.
        #expect(abs(buckets.weights.reduce(0, +) - weights.reduce(0, +)) < 1)
        for n in colors.indices { #expect(buckets.opaque[Int(bucket[n])] == opaque[n]) }
        // A bucket's point is the weighted mean of its colours' points: their moment about it is zero.
        let members = colors.indices.filter { bucket[$0] == bucket[0] }
        #expect(members.count > 1)
        let moment = members.reduce(PalettePoint.zero) {
            $0 + weights[$1] * (points[$1] - buckets.points[Int(bucket[0])])
        }
        #expect((moment * moment).sum() < 1e-6)
    }

    @Test("A quantisation of many colours still maps every colour to its nearest entry")
    func quantisesManyColours() {
        let frames = (0..<4).map { frame in
            PaletteTestImages.drawn(width: 256, height: 160) { x, y in
                SIMD4(UInt8(x), UInt8((y * 3 + frame * 11) & 0xFF), UInt8((x + y + frame * 40) & 0xFF), 255)
            }
        }
        let builder = PaletteBuilder(frames: frames)
        #expect(builder.distinctColors > ColorBuckets.limit)
        let quantized = builder.quantize(PaletteQuantizer.Options(maxColors: 64, dithering: .none))
        let entries = quantized.palette.colors.map { PaletteSpace.point(PaletteSpace.pack($0)) }
        for (frame, image) in frames.enumerated() {
            for i in stride(from: 0, to: image.width * image.height, by: 97) {
                let pixel = PaletteSpace.point(
                    PaletteSpace.pack(SIMD4(image.pixels[i * 4], image.pixels[i * 4 + 1], image.pixels[i * 4 + 2], 255))
                )
                let chosen = entries[Int(quantized.indices[frame][i])]
                let best = entries.map { ($0 - pixel) * ($0 - pixel) }.map { $0.sum() }.min()!
                #expect(((chosen - pixel) * (chosen - pixel)).sum() <= best + 1e-6)
            }
        }
    }
}
