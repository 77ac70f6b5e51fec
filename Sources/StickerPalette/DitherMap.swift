/// How much error diffusion each pixel gets in adaptive dithering: full in smooth areas, where it turns
/// banding into a fine texture, and little across edges and in busy detail, where it only adds noise
/// (the idea of libimagequant's edge map, written afresh).
enum DitherMap {
    /// Neighbour differences (palette-space distance) below `smooth` count as smooth, above `edge` as an edge.
    static let smooth: Float = 0.02
    static let edge: Float = 0.08

    /// A strength per pixel, 0...255 for 0...1 (a byte a pixel, so a long animation's map can be kept), from
    /// the largest difference between the pixel and its four neighbours.
    static func strengths(colors: [Int32], points: [PalettePoint], width: Int, height: Int) -> [UInt8] {
        var strengths = [UInt8](repeating: 255, count: colors.count)
        colors.withUnsafeBufferPointer { colors in
            points.withUnsafeBufferPointer { points in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let id = colors[i]
                        let p = points[Int(id)]
                        var largest: Float = 0
                        // A neighbour of the same colour differs by nothing: most of a sticker is runs.
                        if x > 0, colors[i - 1] != id {
                            largest = max(largest, squared(p - points[Int(colors[i - 1])]))
                        }
                        if x + 1 < width, colors[i + 1] != id {
                            largest = max(largest, squared(p - points[Int(colors[i + 1])]))
                        }
                        if y > 0, colors[i - width] != id {
                            largest = max(largest, squared(p - points[Int(colors[i - width])]))
                        }
                        if y + 1 < height, colors[i + width] != id {
                            largest = max(largest, squared(p - points[Int(colors[i + width])]))
                        }
                        guard largest > smooth * smooth else { continue }
                        let d = largest.squareRoot()
                        strengths[i] = d >= edge ? 0 : UInt8(((edge - d) / (edge - smooth) * 255).rounded())
                    }
                }
            }
        }
        return strengths
    }

    @inline(__always)
    private static func squared(_ v: PalettePoint) -> Float { (v * v).laneSum }
}
