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

    /// `c * a / 255` for every alpha (high byte) and colour (low byte): premultiplying is three lookups.
    static let premultipliedSRGB: [Float] = (0..<65536).map { Float($0 & 0xFF) * Float($0 >> 8) / 255 }
    static let premultipliedLinear: [Float] = (0..<65536).map { srgbToLinear[$0 & 0xFF] * Float($0 >> 8) / 255 }

    /// `rows` (1-4) rows of RGBA8 into one SIMD16 per column: lanes 0-3 row 0, 4-7 row 1, ...
    @inline(__always)
    static func premultiplyRows(
        _ src: UnsafePointer<UInt8>, rows: Int, width: Int, into quad: UnsafeMutablePointer<SIMD16<Float>>, linear: Bool
    ) {
        let lanes = UnsafeMutableRawPointer(quad).assumingMemoryBound(to: SIMD4<Float>.self)
        if rows < 4 { quad.update(repeating: .zero, count: width) }
        let table = linear ? premultipliedLinear : premultipliedSRGB
        table.withUnsafeBufferPointer { t in
            let premultiplied = t.baseAddress!
            for r in 0..<rows {
                var p = src + r &* width &* 4
                var out = lanes + r
                for _ in 0..<width {
                    let alpha = Int(p[3]) &<< 8
                    out.pointee = SIMD4(
                        premultiplied[alpha | Int(p[0])], premultiplied[alpha | Int(p[1])],
                        premultiplied[alpha | Int(p[2])], Float(p[3]))
                    p += 4
                    out += 4
                }
            }
        }
    }

    /// Back to straight alpha, rounded and clamped.
    @inline(__always)
    static func store(_ v: SIMD4<Float>, to p: UnsafeMutablePointer<UInt8>, linear: Bool) {
        let alpha = min(v.w, 255)
        guard alpha >= 0.5 else {
            p[0] = 0
            p[1] = 0
            p[2] = 0
            p[3] = 0
            return
        }
        var rgb = SIMD4<Float>(v.x, v.y, v.z, 0) * (255 / alpha)
        // Lanes below 0 or above 255 (ringing) are clamped; written out, as the generic clamp is not inlined.
        rgb = rgb.replacing(with: 0, where: rgb .< 0)
        rgb = rgb.replacing(with: 255, where: rgb .> 255)
        if linear {
            p[0] = linearToSRGB[Int(rgb.x * (4096 / 255) + 0.5)]
            p[1] = linearToSRGB[Int(rgb.y * (4096 / 255) + 0.5)]
            p[2] = linearToSRGB[Int(rgb.z * (4096 / 255) + 0.5)]
        } else {
            let r = rgb + 0.5
            p[0] = UInt8(r.x)
            p[1] = UInt8(r.y)
            p[2] = UInt8(r.z)
        }
        p[3] = UInt8(alpha + 0.5)
    }
}
