import Foundation

/// Conversions between RGBA8 and premultiplied Float, in sRGB-encoded values or linear light.
/// Colour channels are kept on a 0-255 scale so the sRGB path needs no division.
enum ColourTables {
    static let identity: [Float] = (0..<256).map { Float($0) }

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

    @inline(__always)
    static func premultiply(_ src: UnsafePointer<UInt8>, count: Int, into row: inout [SIMD4<Float>], table: [Float]) {
        row.withUnsafeMutableBufferPointer { out in
            table.withUnsafeBufferPointer { t in
                for i in 0..<count {
                    let p = src + i * 4
                    let a = Float(p[3])
                    let scale = a * (1 / 255)
                    out[i] = SIMD4(t[Int(p[0])] * scale, t[Int(p[1])] * scale, t[Int(p[2])] * scale, a)
                }
            }
        }
    }

    @inline(__always)
    static func unpremultiply(_ acc: UnsafeBufferPointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt8>, linear: Bool) {
        for x in 0..<acc.count {
            let v = acc[x]
            let alpha = min(v.w, 255)
            let p = out + x * 4
            guard alpha > 0 else {
                p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0
                continue
            }
            let a8 = UInt8(alpha.rounded())
            guard a8 > 0 else {
                p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0
                continue
            }
            var rgb = SIMD4<Float>(v.x, v.y, v.z, 0) * (255 / alpha)
            rgb = rgb.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
            if linear {
                p[0] = linearToSRGB[Int(rgb.x * (4096 / 255) + 0.5)]
                p[1] = linearToSRGB[Int(rgb.y * (4096 / 255) + 0.5)]
                p[2] = linearToSRGB[Int(rgb.z * (4096 / 255) + 0.5)]
            } else {
                let r = rgb.rounded(.toNearestOrAwayFromZero)
                p[0] = UInt8(r.x); p[1] = UInt8(r.y); p[2] = UInt8(r.z)
            }
            p[3] = a8
        }
    }
}
