import Foundation
import StickerImage

/// Small sticker-like images drawn in code: a transparent canvas with a shaded disc (soft edge) and a bar,
/// `phase` moving the disc so animation frames differ.
enum TestStickers {
    static func frame(width: Int = 96, height: Int = 96, phase: Int = 0) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let cx = Double(width) * 0.45 + Double(phase * 7)
        let cy = Double(height) * 0.5
        let radius = Double(min(width, height)) * 0.3
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let distance = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                let coverage = max(0, min(1, radius - distance + 0.5))
                let bar = y > height * 3 / 4 && y < height * 3 / 4 + 6 && x > width / 8 && x < width * 7 / 8
                if bar {
                    pixels[i] = 30
                    pixels[i + 1] = 30
                    pixels[i + 2] = 200
                    pixels[i + 3] = 255
                } else if coverage > 0 {
                    pixels[i] = UInt8(120 + x * 135 / width)
                    pixels[i + 1] = UInt8(60 + y * 150 / height)
                    pixels[i + 2] = UInt8((x * 5 + y * 3) % 64 + 40)
                    pixels[i + 3] = UInt8((coverage * 255).rounded())
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The image with every colour channel cut to `bits` bits (banding), alpha kept.
    static func posterized(_ image: RGBAImage, bits: Int) -> RGBAImage {
        var copy = image
        let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
        for i in Swift.stride(from: 0, to: copy.pixels.count, by: 4) {
            for c in 0..<3 { copy.pixels[i + c] &= mask }
        }
        return copy
    }

    static func animation(_ images: [RGBAImage], delays: [Double]) -> [AnimationFrame] {
        zip(images, delays).map { AnimationFrame(image: $0, delayMs: $1) }
    }
}
