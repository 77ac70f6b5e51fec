/// How much error diffusion each pixel gets in adaptive dithering: full in smooth areas, where it turns
/// banding into a fine texture, and little across edges and in busy detail, where it only adds noise
/// (the idea of libimagequant's edge map, written afresh).
enum DitherMap {
    /// Neighbour differences (palette-space distance) below `smooth` count as smooth, above `edge` as an edge.
    static let smooth: Float = 0.02
    static let edge: Float = 0.08

    /// A strength in 0...1 per pixel, from the largest difference between the pixel and its four neighbours.
    static func strengths(colors: [Int32], points: [PalettePoint], width: Int, height: Int) -> [Float] {
        var strengths = [Float](repeating: 1, count: colors.count)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let p = points[Int(colors[i])]
                var largest: Float = 0
                if x > 0 { largest = max(largest, squared(p - points[Int(colors[i - 1])])) }
                if x + 1 < width { largest = max(largest, squared(p - points[Int(colors[i + 1])])) }
                if y > 0 { largest = max(largest, squared(p - points[Int(colors[i - width])])) }
                if y + 1 < height { largest = max(largest, squared(p - points[Int(colors[i + width])])) }
                let d = largest.squareRoot()
                strengths[i] = d <= smooth ? 1 : d >= edge ? 0 : (edge - d) / (edge - smooth)
            }
        }
        return strengths
    }

    @inline(__always)
    private static func squared(_ v: PalettePoint) -> Float { (v * v).sum() }
}
