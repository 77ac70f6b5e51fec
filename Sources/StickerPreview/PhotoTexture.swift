import Foundation

/// A landscape drawn from noise (sky, clouds, sun, mountains, hills, grass): a busy, photo-like background
/// made by the tool, so no photograph ships with it. The same coordinates always give the same colour.
enum PhotoTexture {
    /// The colour at (u, v) in 0...1, left to right and top to bottom.
    static func colour(u: Double, v: Double) -> Colour {
        let mountains = 0.42 + 0.16 * fbm(u * 3, 1.7, octaves: 4) - 0.08
        let hills = 0.62 + 0.10 * fbm(u * 2.2, 7.3, octaves: 3) - 0.05
        var rgb: (Double, Double, Double)
        if v < mountains {
            let t = v / max(mountains, 0.01)
            rgb = mix((0.16, 0.38, 0.72), (0.72, 0.85, 0.94), t)
            let cloud = smoothstep(0.55, 0.78, fbm(u * 4, v * 9, octaves: 5))
            rgb = mix(rgb, (0.97, 0.97, 0.98), cloud * 0.85)
            let sun = hypot(u - 0.76, (v - 0.18) * 1.2)
            rgb = mix(rgb, (1.0, 0.95, 0.72), 1 - smoothstep(0.05, 0.075, sun))
            rgb = mix(rgb, (1.0, 0.92, 0.7), 0.35 * max(0, 1 - sun / 0.3))
        } else if v < hills {
            let shade = fbm(u * 18, v * 18, octaves: 4)
            let snow = smoothstep(0.04, 0.0, v - mountains) * 0.6
            rgb = mix((0.36, 0.42, 0.55), (0.22, 0.26, 0.36), shade)
            rgb = mix(rgb, (0.92, 0.94, 0.97), snow)
        } else {
            let depth = (v - hills) / max(1 - hills, 0.01)
            let grass = fbm(u * 40, v * 24, octaves: 4)
            rgb = mix((0.35, 0.58, 0.25), (0.16, 0.34, 0.12), depth * 0.6 + grass * 0.5)
            let flowers = smoothstep(0.78, 0.84, fbm(u * 60 + 3, v * 60, octaves: 2)) * depth
            rgb = mix(rgb, (0.95, 0.8, 0.2), flowers)
        }
        func byte(_ x: Double) -> UInt8 { UInt8(min(255, max(0, (x * 255).rounded()))) }
        return Colour(byte(rgb.0), byte(rgb.1), byte(rgb.2))
    }

    private static func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (
        Double, Double, Double
    ) {
        let t = min(max(t, 0), 1)
        return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    private static func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
        let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// Fractal value noise in 0...1.
    private static func fbm(_ x: Double, _ y: Double, octaves: Int) -> Double {
        var sum = 0.0
        var amplitude = 0.5
        var frequency = 1.0
        var total = 0.0
        for octave in 0..<octaves {
            sum += amplitude * noise(x * frequency, y * frequency, seed: UInt64(octave))
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return sum / total
    }

    /// Smoothly interpolated random values on an integer lattice.
    private static func noise(_ x: Double, _ y: Double, seed: UInt64) -> Double {
        let x0 = floor(x)
        let y0 = floor(y)
        let fx = x - x0
        let fy = y - y0
        let sx = fx * fx * (3 - 2 * fx)
        let sy = fy * fy * (3 - 2 * fy)
        func lattice(_ i: Double, _ j: Double) -> Double {
            var h =
                UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(j))
                &* 0xC2B2_AE3D_27D4_EB4F ^ seed &* 0x1656_67B1_9E37_79F9
            h ^= h >> 29
            h = h &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
            return Double(h & 0xFFFF) / 65535
        }
        let top = lattice(x0, y0) * (1 - sx) + lattice(x0 + 1, y0) * sx
        let bottom = lattice(x0, y0 + 1) * (1 - sx) + lattice(x0 + 1, y0 + 1) * sx
        return top * (1 - sy) + bottom * sy
    }
}
