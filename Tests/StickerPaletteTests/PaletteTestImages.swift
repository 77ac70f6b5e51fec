import StickerImage

/// Images drawn in code for the palette quantiser's tests.
enum PaletteTestImages {
    /// `width` x `height` pixels from a function of (x, y) to RGBA.
    static func drawn(width: Int, height: Int, _ color: (Int, Int) -> SIMD4<UInt8>) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (c.x, c.y, c.z, c.w)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A sticker: a disc shaded by a two-colour gradient with a soft (translucent) rim, on a transparent
    /// canvas; `hue` shifts its colours so frames of an animation differ.
    static func sticker(size: Int = 64, hue: Int = 0) -> RGBAImage {
        drawn(width: size, height: size) { x, y in
            let dx = Double(x) - Double(size) / 2
            let dy = Double(y) - Double(size) / 2
            let coverage = max(0, min(1, Double(size) * 0.4 - (dx * dx + dy * dy).squareRoot() + 0.5))
            guard coverage > 0 else { return .zero }
            return SIMD4(
                UInt8((40 + x * 200 / size + hue) % 256), UInt8(30 + y * 180 / size),
                UInt8((200 - x * 150 / size) % 256),
                UInt8((coverage * 255).rounded()))
        }
    }

    /// A horizontal grey ramp, opaque, every code from 0 to 255 once a row.
    static let ramp = drawn(width: 256, height: 16) { x, _ in SIMD4(UInt8(x), UInt8(x), UInt8(x), 255) }

    /// The largest difference of any channel between two images of one size.
    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    static func distinctColors(_ image: RGBAImage) -> Set<UInt32> {
        var seen = Set<UInt32>()
        for i in Swift.stride(from: 0, to: image.pixels.count, by: 4) {
            let p = image.pixels
            seen.insert(UInt32(p[i]) | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]) << 16 | UInt32(p[i + 3]) << 24)
        }
        return seen
    }
}
