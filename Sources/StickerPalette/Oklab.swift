import Foundation

/// Oklab (Ottosson 2020) with XYB's bias in the cube root: a perceptual colour space where Euclidean distance
/// tracks visible difference, so palette entries go where the eye tells colours apart.
enum Oklab {
    /// sRGB code value to linear light, one entry per 8-bit code.
    static let linear: [Float] = (0..<256).map { code in
        let v = Double(code) / 255
        return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
    }

    /// Oklab (L in 0...1, a and b about -0.4...0.4) of a linear-light RGB colour.
    @inline(__always)
    static func lab(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
        let l = cubeRoot(0.412_221_470_8 * rgb.x + 0.536_332_536_3 * rgb.y + 0.051_445_992_9 * rgb.z)
        let m = cubeRoot(0.211_903_498_2 * rgb.x + 0.680_699_545_1 * rgb.y + 0.107_396_956_6 * rgb.z)
        let s = cubeRoot(0.088_302_461_9 * rgb.x + 0.281_718_837_6 * rgb.y + 0.629_978_700_5 * rgb.z)
        return SIMD3(
            0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
    }

    /// Linear-light RGB of an Oklab value (not clamped: it may lie outside the gamut).
    static func linearRGB(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let l = cube(lab.x + 0.396_337_777_4 * lab.y + 0.215_803_757_3 * lab.z)
        let m = cube(lab.x - 0.105_561_345_8 * lab.y - 0.063_854_172_8 * lab.z)
        let s = cube(lab.x - 0.089_484_177_5 * lab.y - 1.291_485_548_0 * lab.z)
        return SIMD3(
            4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
            -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
            -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s)
    }

    /// Linear light to the nearest 8-bit sRGB code, clamped.
    static func encode(_ value: Float) -> UInt8 {
        let v = Double(min(max(value, 0), 1))
        let code = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((code * 255).rounded())
    }

    /// Added before the cube root (and its root taken off after), as XYB does: the bare root stretches
    /// near-black so far that codes 0 and 3 would sit as far apart as 220 and 255, and entries would go to
    /// differences nobody sees.
    static let bias: Float = 0.003_8
    private static let biasRoot: Float = cbrt(bias)

    @inline(__always)
    private static func cubeRoot(_ x: Float) -> Float {
        cbrt(max(x, 0) + bias) - biasRoot
    }

    @inline(__always)
    private static func cube(_ x: Float) -> Float {
        let y = x + biasRoot
        return y * y * y - bias
    }
}
