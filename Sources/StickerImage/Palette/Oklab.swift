import Foundation

/// Oklab (Ottosson 2020): a perceptual colour space where Euclidean distance tracks visible difference,
/// so palette entries are spent where the eye tells colours apart rather than where sRGB codes differ.
enum Oklab {
    /// sRGB code value to linear light, one entry per 8-bit code.
    static let linear: [Float] = (0..<256).map { code in
        let v = Double(code) / 255
        return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
    }

    /// Oklab (L in 0...1, a and b about -0.4...0.4) of an 8-bit sRGB colour.
    @inline(__always)
    static func lab(red: Float, green: Float, blue: Float) -> SIMD3<Float> {
        let l = cubeRoot(0.412_221_470_8 * red + 0.536_332_536_3 * green + 0.051_445_992_9 * blue)
        let m = cubeRoot(0.211_903_498_2 * red + 0.680_699_545_1 * green + 0.107_396_956_6 * blue)
        let s = cubeRoot(0.088_302_461_9 * red + 0.281_718_837_6 * green + 0.629_978_700_5 * blue)
        return SIMD3(
            0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
    }

    /// The 8-bit sRGB colour of an Oklab value, clamped to the gamut and rounded.
    static func srgb(_ lab: SIMD3<Float>) -> SIMD3<UInt8> {
        let l = lab.x + 0.396_337_777_4 * lab.y + 0.215_803_757_3 * lab.z
        let m = lab.x - 0.105_561_345_8 * lab.y - 0.063_854_172_8 * lab.z
        let s = lab.x - 0.089_484_177_5 * lab.y - 1.291_485_548_0 * lab.z
        let (l3, m3, s3) = (l * l * l, m * m * m, s * s * s)
        let red = 4.076_741_662_1 * l3 - 3.307_711_591_3 * m3 + 0.230_969_929_2 * s3
        let green = -1.268_438_004_6 * l3 + 2.609_757_401_1 * m3 - 0.341_319_396_5 * s3
        let blue = -0.004_196_086_3 * l3 - 0.703_418_614_7 * m3 + 1.707_614_701_0 * s3
        return SIMD3(encode(red), encode(green), encode(blue))
    }

    /// Linear light to the nearest 8-bit sRGB code.
    private static func encode(_ value: Float) -> UInt8 {
        let v = Double(min(max(value, 0), 1))
        let code = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return UInt8((code * 255).rounded())
    }

    @inline(__always)
    private static func cubeRoot(_ x: Float) -> Float {
        x <= 0 ? 0 : cbrt(x)
    }
}
