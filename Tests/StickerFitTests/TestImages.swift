import StickerImage
import StickerSupport

/// Over-limit inputs made in the test: smooth colour with noise on it, so every step has something to lose.
enum TestImages {
    /// A deterministic generator, so every run makes the same pixels.
    struct Noise {
        var state: UInt64

        mutating func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// A gradient with `noise` levels of noise, opaque, or with a transparent border when `transparent`.
    static func frame(width: Int, height: Int, seed: UInt64, noise: Int = 48, transparent: Bool = true) -> RGBAImage {
        var generator = Noise(state: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let n = Int(generator.next()) % max(1, noise)
                image.pixels[offset] = UInt8(min(255, x * 200 / width + n))
                image.pixels[offset + 1] = UInt8(min(255, y * 200 / height + n))
                image.pixels[offset + 2] = UInt8(min(255, (x + y) * 100 / (width + height) + Int(seed % 50) + n))
                let border = min(x, y, width - 1 - x, height - 1 - y)
                image.pixels[offset + 3] = transparent && border < width / 10 ? 0 : 255
            }
        }
        return image
    }

    static func still(width: Int = 300, height: Int = 300, noise: Int = 48) throws -> DecodedImage {
        try image([frame(width: width, height: height, seed: 1, noise: noise)], delayMs: 0)
    }

    static func animation(frames: Int, width: Int = 300, height: Int = 300, delayMs: Double = 100) throws
        -> DecodedImage
    {
        try image((0..<frames).map { frame(width: width, height: height, seed: UInt64($0 + 1)) }, delayMs: delayMs)
    }

    /// A `DecodedImage` of `frames` (it has no public initialiser: one frame is decoded, then edited).
    static func image(_ frames: [RGBAImage], delayMs: Double) throws -> DecodedImage {
        var decoded = try ImageDecoder.decode(PNGEncoder.encode(frames[0]))
        decoded.frames = frames.map { AnimationFrame(image: $0, delayMs: delayMs) }
        decoded.format = frames.count > 1 ? .apng : .png
        decoded.loopCount = frames.count > 1 ? 0 : nil
        return decoded
    }

    /// `image` written as a PNG or APNG file at libdeflate's fast level: the over-limit input.
    static func write(_ image: DecodedImage, to path: String) throws {
        try AtomicFileWriter.write(ImageEncoder.encode(image, as: .png), to: path)
    }
}
