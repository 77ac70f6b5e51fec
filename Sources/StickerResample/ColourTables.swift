import Foundation

/// Conversions between RGBA8 and premultiplied Float, in sRGB-encoded values or linear light.
/// Colour channels are kept on a 0-255 scale so the sRGB path needs no table and no division.
enum ColourTables {
    /// sRGB-encoded byte to linear light, scaled to 0-255.
    static let srgbToLinear: [Float] = (0..<256).map { v in
        let c = Double(v) / 255
        return Float(255 * (c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)))
    }

    /// Linear light (0-255 scale, 4096 steps) back to an sRGB-encoded byte.
    static let linearToSRGB: [UInt8] = (0...4096).map { i in
        let c = Double(i) / 4096
        let s = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (s * 255).rounded())))
    }

    /// `rows` (1-4) rows of RGBA8 into one SIMD16 per column: lanes 0-3 row 0, 4-7 row 1, ...
    @inline(__always)
    static func premultiplyRows(_ src: UnsafePointer<UInt8>, rows: Int, width: Int, into quad: UnsafeMutablePointer<SIMD16<Float>>, table: [Float]?) {
        let raw = UnsafeRawPointer(src)
        let lanes = UnsafeMutableRawPointer(quad).assumingMemoryBound(to: SIMD4<Float>.self)
        if rows < 4 { quad.update(repeating: .zero, count: width) }
        for r in 0..<rows {
            let row = raw + r * width * 4
            for x in 0..<width {
                lanes[x * 4 + r] = premultiplied(row.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self), table: table)
            }
        }
    }

    @inline(__always)
    static func premultiplied(_ p: SIMD4<UInt8>, table: [Float]?) -> SIMD4<Float> {
        let alpha = Float(p.w)
        var v: SIMD4<Float>
        if let table {
            v = SIMD4(table[Int(p.x)], table[Int(p.y)], table[Int(p.z)], 255)
        } else {
            v = SIMD4<Float>(p)
            v.w = 255
        }
        return v * (alpha * (1 / 255))
    }

    /// Back to straight alpha, rounded and clamped.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, to p: UnsafeMutablePointer<UInt8>, linear: Bool) {
        let alpha = min(v.w, 255)
        guard alpha >= 0.5 else {
            p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0
            return
        }
        var rgb = SIMD4<Float>(v.x, v.y, v.z, 0) * (255 / alpha)
        rgb = rgb.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
        if linear {
            p[0] = linearToSRGB[Int(rgb.x * (4096 / 255) + 0.5)]
            p[1] = linearToSRGB[Int(rgb.y * (4096 / 255) + 0.5)]
            p[2] = linearToSRGB[Int(rgb.z * (4096 / 255) + 0.5)]
        } else {
            let r = rgb + 0.5
            p[0] = UInt8(r.x); p[1] = UInt8(r.y); p[2] = UInt8(r.z)
        }
        p[3] = UInt8(alpha + 0.5)
    }
}
