/// A colour as the quantiser sees it, ten lanes of a SIMD16 (the rest zero), each scaled by its weight:
/// - 0-5: Oklab of the colour composited over white and over iOS's dark background #1C1C1E, the two
///   backgrounds Messages draws stickers on and the sticker score judges them over;
/// - 6-9: Oklab premultiplied by alpha, and alpha.
package typealias PalettePoint = SIMD16<Float>

/// The space palette entries are chosen and matched in: plain Euclidean distance there is the whole metric.
///
/// The composites make an alpha error cost what it shows, and keep faint pixels near the background so
/// invisible ones cannot pull entries towards colours nobody sees; premultiplied colour alone would not
/// do (a faint yellow and a half-opaque brown are close there, far apart over white). The premultiplied
/// lanes keep an edge pixel's hue: by composites alone, black at alpha 231 over white (a mid grey) is
/// nearer a dark blue than black, a fringe the score punishes. The weights were chosen by the sticker
/// score on OpenMoji stickers and photos (Benchmarks/quantize_vs_pngquant.py).
package enum PaletteSpace {
    /// The composites' share against the premultiplied lanes'.
    static let composite: Float = 0.3
    /// Chroma (a and b) against lightness: the score minds colour fringes more than Oklab's own scale.
    static let chroma: Float = 1.5
    static let alpha: Float = 0.75
    private static let weights: PalettePoint = {
        let (c, p) = (composite, 1 - composite)
        return PalettePoint(
            c, c * chroma, c * chroma, c, c * chroma, c * chroma, p, p * chroma, p * chroma, p * alpha,
            0, 0, 0, 0, 0, 0)
    }()
    /// White and #1C1C1E in linear light.
    static let light = SIMD3<Float>(1, 1, 1)
    static let dark = SIMD3<Float>(Oklab.linear[0x1C], Oklab.linear[0x1C], Oklab.linear[0x1E])

    /// A colour packed as in memory on a little-endian machine: red in the low byte, alpha in the high one.
    @inline(__always)
    package static func point(_ rgba: UInt32) -> PalettePoint {
        let table = Oklab.linear
        let alpha = Float(rgba >> 24) / 255
        let color = SIMD3(table[Int(rgba & 0xFF)], table[Int(rgba >> 8 & 0xFF)], table[Int(rgba >> 16 & 0xFF)])
        let overLight = Oklab.lab(color * alpha + light * (1 - alpha))
        let overDark = Oklab.lab(color * alpha + dark * (1 - alpha))
        let premultiplied = alpha > 0 ? Oklab.lab(color) * alpha : .zero
        return PalettePoint(
            overLight.x, overLight.y, overLight.z, overDark.x, overDark.y, overDark.z, premultiplied.x, premultiplied.y,
            premultiplied.z, alpha, 0, 0, 0, 0, 0, 0) * weights
    }

    /// The nearest opaque point: an opaque colour looks the same over both backgrounds, with alpha 1.
    @inline(__always)
    static func opaque(_ point: PalettePoint) -> PalettePoint {
        var p = point
        for lane in 0..<3 { (p[lane], p[lane + 3]) = ((p[lane] + p[lane + 3]) / 2, (p[lane] + p[lane + 3]) / 2) }
        p[9] = weights[9]
        return p
    }

    /// The 8-bit straight-alpha colour that looks most like a point over both backgrounds (from the
    /// composite lanes; `EntryRounding` refines it against all); `opaque` forces alpha 255.
    static func color(_ point: PalettePoint, opaque: Bool) -> SIMD4<UInt8> {
        var p = point
        for lane in 0..<10 { p[lane] /= weights[lane] }
        let overLight = Oklab.linearRGB(SIMD3(p[0], p[1], p[2]))
        let overDark = Oklab.linearRGB(SIMD3(p[3], p[4], p[5]))
        if opaque {
            let c = (overLight + overDark) / 2
            return SIMD4(Oklab.encode(c.x), Oklab.encode(c.y), Oklab.encode(c.z), 255)
        }
        // Over light minus over dark is (1 - alpha) times light minus dark, channel by channel.
        let spread = (overLight - overDark) / (light - dark)
        let alpha = min(max(1 - (spread.x + spread.y + spread.z) / 3, 0), 1)
        let alpha8 = UInt8((alpha * 255).rounded())
        guard alpha8 > 0 else { return .zero }
        let a = Float(alpha8) / 255
        let c = (overLight + overDark - (light + dark) * (1 - a)) / (2 * a)
        return SIMD4(Oklab.encode(c.x), Oklab.encode(c.y), Oklab.encode(c.z), alpha8)
    }

    @inline(__always)
    static func pack(_ color: SIMD4<UInt8>) -> UInt32 {
        UInt32(color.x) | UInt32(color.y) << 8 | UInt32(color.z) << 16 | UInt32(color.w) << 24
    }

    @inline(__always)
    static func unpack(_ rgba: UInt32) -> SIMD4<UInt8> {
        SIMD4(UInt8(rgba & 0xFF), UInt8(rgba >> 8 & 0xFF), UInt8(rgba >> 16 & 0xFF), UInt8(rgba >> 24))
    }
}
