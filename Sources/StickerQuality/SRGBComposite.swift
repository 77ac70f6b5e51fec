import Foundation
import StickerImage

/// Straight-alpha sRGB pixels composited over an opaque background, as linear light.
///
/// Compositing happens on the encoded values, as browsers and Messages do and as ssimulacra2 itself blends:
/// `a * c + (255 - a) * bg`. That sum of 8-bit values is an integer from 0 to 255 * 255, so one table of
/// 65,026 entries gives the exact linear value of every composite without a `pow` per pixel.
enum SRGBComposite {
    static let linearTable: [Float] = (0...(255 * 255)).map { index in
        let encoded = Double(index) / Double(255 * 255)
        let linear = encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
        return Float(linear)
    }

    /// The entries an opaque pixel reads (`c * 255`), in 1 KB: most of a sticker's pixels are opaque or clear, and
    /// these stay in the nearest cache where the whole table does not.
    static let opaqueTable: [Float] = (0...255).map { linearTable[$0 * 255] }

    /// Writes `image` over `background` into three linear planes laid out as `layout`.
    static func fill(
        _ image: RGBAImage, over background: RGBColor, into planes: [FloatPlane], layout: PlaneLayout
    ) {
        precondition(image.width == layout.width && image.height == layout.height, "image does not match the planes")
        let background = (Int(background.red), Int(background.green), Int(background.blue))
        let r = planes[0].base
        let g = planes[1].base
        let b = planes[2].base
        // A clear pixel shows the background.
        let clear = (opaqueTable[background.0], opaqueTable[background.1], opaqueTable[background.2])
        linearTable.withUnsafeBufferPointer { table in
            opaqueTable.withUnsafeBufferPointer { opaque in
                image.pixels.withUnsafeBufferPointer { pixels in
                    for y in 0..<layout.height {
                        var source = y * layout.width * 4
                        let row = y * layout.stride
                        for x in 0..<layout.width {
                            let alpha = Int(pixels[source + 3])
                            if alpha == 255 {
                                r[row + x] = opaque[Int(pixels[source])]
                                g[row + x] = opaque[Int(pixels[source + 1])]
                                b[row + x] = opaque[Int(pixels[source + 2])]
                            } else if alpha == 0 {
                                (r[row + x], g[row + x], b[row + x]) = clear
                            } else {
                                let under = 255 - alpha
                                r[row + x] = table[Int(pixels[source]) * alpha + background.0 * under]
                                g[row + x] = table[Int(pixels[source + 1]) * alpha + background.1 * under]
                                b[row + x] = table[Int(pixels[source + 2]) * alpha + background.2 * under]
                            }
                            source += 4
                        }
                    }
                }
            }
        }
    }
}
