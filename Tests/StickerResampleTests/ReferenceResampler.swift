import Foundation

@testable import StickerResample

/// The plain scalar resampler in double precision that the fast path is held to.
enum ReferenceResampler {
    static func resize(
        _ pixels: [UInt8], width: Int, height: Int, to newWidth: Int, _ newHeight: Int,
        filter: ResampleFilter, linear: Bool = false
    ) -> [UInt8] {
        func toLinear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return 255 * (c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
        }
        func toSRGB(_ v: Double) -> Double {
            let c = v / 255
            return 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055)
        }
        // Premultiplied doubles, colour on a 0-255 scale.
        var src = [Double](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = Double(pixels[i * 4 + 3])
            for c in 0..<3 {
                let v = linear ? toLinear(pixels[i * 4 + c]) : Double(pixels[i * 4 + c])
                src[i * 4 + c] = v * a / 255
            }
            src[i * 4 + 3] = a
        }
        let horizontal = WeightTable.exact(source: width, destination: newWidth, filter: filter)
        let vertical = WeightTable.exact(source: height, destination: newHeight, filter: filter)
        var mid = [Double](repeating: 0, count: newWidth * height * 4)
        for y in 0..<height {
            for x in 0..<newWidth {
                let (start, weights) = horizontal[x]
                for (k, w) in weights.enumerated() {
                    for c in 0..<4 { mid[(y * newWidth + x) * 4 + c] += w * src[(y * width + start + k) * 4 + c] }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        for y in 0..<newHeight {
            let (start, weights) = vertical[y]
            for x in 0..<newWidth {
                var acc = [0.0, 0, 0, 0]
                for (k, w) in weights.enumerated() {
                    for c in 0..<4 { acc[c] += w * mid[((start + k) * newWidth + x) * 4 + c] }
                }
                let alpha = min(acc[3], 255)
                guard alpha > 0, alpha.rounded() > 0 else { continue }
                for c in 0..<3 {
                    var v = min(max(acc[c] * 255 / alpha, 0), 255)
                    if linear { v = toSRGB(v) }
                    out[(y * newWidth + x) * 4 + c] = UInt8(v.rounded())
                }
                out[(y * newWidth + x) * 4 + 3] = UInt8(alpha.rounded())
            }
        }
        return out
    }
}
