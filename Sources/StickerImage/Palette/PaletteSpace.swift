/// The space palette entries are chosen and matched in: Oklab premultiplied by alpha, with alpha as a
/// fourth axis, each scaled by its weight so plain Euclidean distance is the quantiser's whole metric.
///
/// Premultiplying makes a faint pixel's colour count for as little as it shows: an invisible pixel sits at
/// the origin and cannot pull entries towards colours nobody sees. The alpha axis stands for what an alpha
/// error shows over a background (Messages draws stickers on light and dark bubbles).
enum PaletteSpace {
    /// Weights of premultiplied L, a, b and of alpha.
    static let weights = SIMD4<Float>(1, 1, 1, 0.75)

    /// A colour packed as in memory on a little-endian machine: red in the low byte, alpha in the high one.
    @inline(__always)
    static func point(_ rgba: UInt32) -> SIMD4<Float> {
        let alpha = Float(rgba >> 24) / 255
        guard alpha > 0 else { return .zero }
        let table = Oklab.linear
        let lab = Oklab.lab(
            red: table[Int(rgba & 0xFF)], green: table[Int(rgba >> 8 & 0xFF)], blue: table[Int(rgba >> 16 & 0xFF)])
        return SIMD4(lab * alpha, alpha) * weights
    }

    /// The 8-bit straight-alpha colour of a point; `opaque` forces alpha 255 (the point's alpha is then 1).
    static func color(_ point: SIMD4<Float>, opaque: Bool) -> SIMD4<UInt8> {
        let unweighted = point / weights
        let alpha = opaque ? 1 : min(max(unweighted.w, 0), 1)
        let alpha8 = opaque ? 255 : UInt8((alpha * 255).rounded())
        guard alpha8 > 0 else { return .zero }
        let rgb = Oklab.srgb(SIMD3(unweighted.x, unweighted.y, unweighted.z) / alpha)
        return SIMD4(rgb.x, rgb.y, rgb.z, alpha8)
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
