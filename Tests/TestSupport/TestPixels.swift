import StickerImage

/// Pixels and PNG facts for the tests of the codecs and of the lossless step.
public enum TestPixels {
    /// A reproducible pseudo-random source (SplitMix64).
    public struct Seeded: RandomNumberGenerator {
        var state: UInt64

        public init(state: UInt64) { self.state = state }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// `width` x `height` pixels from a function of (x, y) to RGBA bytes.
    public static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height { for x in 0..<width { pixels += pixel(x, y) } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Every fcTL of an APNG as its nine fields: sequence, width, height, x, y, delay num/den, dispose, blend.
    public static func frameControls(_ png: [UInt8]) throws -> [[Int]] {
        try PNGChunkWalker.chunks(of: png).filter { $0.type == "fcTL" }.map { chunk in
            let d = chunk.data.lowerBound
            return [
                Int(png.uint32BE(at: d)), Int(png.uint32BE(at: d + 4)), Int(png.uint32BE(at: d + 8)),
                Int(png.uint32BE(at: d + 12)), Int(png.uint32BE(at: d + 16)), Int(png.uint16BE(at: d + 20)),
                Int(png.uint16BE(at: d + 22)), Int(png[d + 24]), Int(png[d + 25]),
            ]
        }
    }
}
