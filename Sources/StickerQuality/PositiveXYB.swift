import CQualityKernels
import Foundation

/// Linear sRGB to the XYB of JPEG XL, shifted and scaled the way ssimulacra2 uses it ("positive XYB"):
/// every channel roughly 0-1, and B replaced by B - Y.
///
/// XYB: the opsin absorbance matrix plus a small bias, a cube root (minus the bias's cube root), then
/// X = (L - M) / 2, Y = (L + M) / 2, B = S. ssimulacra2 then takes X * 14 + 0.42, Y + 0.01, B - Y + 0.55.
enum PositiveXYB {
    typealias Vector = SIMD8<Float>

    // The opsin absorbance matrix (libjxl opsin_params.h), rows L, M, S; each row sums to 1.
    static let m00: Float = 0.30
    static let m02: Float = 0.078
    static let m01: Float = 1 - m02 - m00
    static let m10: Float = 0.23
    static let m12: Float = 0.078
    static let m11: Float = 1 - m12 - m10
    static let m20: Float = 0.243_422_689_245_478_19
    static let m21: Float = 0.204_767_444_244_968_21
    static let m22: Float = 1 - m20 - m21
    static let bias: Float = 0.003_793_073_255_275_449_3
    static let biasCubeRoot = Float(cbrt(Double(bias)))

    static let opsin: [Float] = [m00, m01, m02, m10, m11, m12, m20, m21, m22]

    /// Converts three linear planes into three positive-XYB planes (may not alias).
    static func convert(_ rgb: [FloatPlane], into xyb: [FloatPlane], layout: PlaneLayout, kernels: Bool) {
        let (r, g, b) = (rgb[0].base, rgb[1].base, rgb[2].base)
        let (outX, outY, outB) = (xyb[0].base, xyb[1].base, xyb[2].base)
        if kernels {
            opsin.withUnsafeBufferPointer { m in
                qk_positive_xyb(r, g, b, outX, outY, outB, layout.count, m.baseAddress, bias, biasCubeRoot)
            }
            return
        }
        let lanes = Vector.scalarCount
        let biasVector = Vector(repeating: bias)
        let biasRoot = Vector(repeating: biasCubeRoot)
        // Whole vectors over the padded rows: the padding holds finite values, never read by the maps.
        for i in Swift.stride(from: 0, to: layout.count, by: lanes) {
            let red = UnsafeRawPointer(r + i).loadUnaligned(as: Vector.self)
            let green = UnsafeRawPointer(g + i).loadUnaligned(as: Vector.self)
            let blue = UnsafeRawPointer(b + i).loadUnaligned(as: Vector.self)
            // Negative mixes only come from out-of-gamut input; the reference clamps them to zero.
            let l = m00 * red + m01 * green + m02 * blue + biasVector
            let m = m10 * red + m11 * green + m12 * blue + biasVector
            let s = m20 * red + m21 * green + m22 * blue + biasVector
            let cl = cubeRoot(positive(l)) - biasRoot
            let cm = cubeRoot(positive(m)) - biasRoot
            let cs = cubeRoot(positive(s)) - biasRoot
            let x = 0.5 * (cl - cm)
            let y = 0.5 * (cl + cm)
            UnsafeMutableRawPointer(outX + i).storeBytes(of: x * 14 + 0.42, as: Vector.self)
            UnsafeMutableRawPointer(outY + i).storeBytes(of: y + 0.01, as: Vector.self)
            UnsafeMutableRawPointer(outB + i).storeBytes(of: cs - y + 0.55, as: Vector.self)
        }
    }

    @inline(__always)
    static func positive(_ v: Vector) -> Vector { v.replacing(with: 0, where: v .< 0) }

    /// Cube root of non-negative values: an estimate from the float's bits (exponent divided by three),
    /// then two Halley steps, each tripling the correct digits (under 10 % -> 1e-3 -> 1e-9, float-limited).
    @inline(__always)
    static func cubeRoot(_ x: Vector) -> Vector {
        // bits / 3 as 1/4 + 1/16 + 1/64 + 1/256 + 1/1024 of the bits: shifts vectorise, conversions do not.
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        let third = (bits &>> 2) &+ (bits &>> 4) &+ (bits &>> 6) &+ (bits &>> 8) &+ (bits &>> 10)
        var y = unsafeBitCast(third &+ SIMD8<UInt32>(repeating: 709_958_130), to: Vector.self)
        for _ in 0..<2 {
            let y3: Vector = y * y * y
            let twice: Vector = x + x
            y = y * (y3 + twice) / (y3 + y3 + x)
        }
        // Zero has no exponent to divide; its estimate is garbage, so answer it directly.
        return y.replacing(with: 0, where: x .<= 0)
    }
}
