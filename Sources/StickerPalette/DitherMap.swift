/// How much error diffusion each pixel gets in adaptive dithering: full in smooth areas, where it turns
/// banding into a fine texture, and little across edges and in busy detail, where it only adds noise
/// (the idea of libimagequant's edge map, written afresh).
enum DitherMap {
    /// Neighbour differences (palette-space distance) below `smooth` count as smooth, above `edge` as an edge.
    static let smooth: Float = 0.02
    static let edge: Float = 0.08

    /// A strength per pixel, 0...255 for 0...1 (a byte a pixel, so a long animation's map can be kept), from
    /// the largest difference between the pixel and its four neighbours. Each pair of neighbours is measured
    /// once, for both: the distance is the same either way round (p - q is exactly -(q - p)).
    static func strengths(colors: [Int32], points: [PalettePoint], width: Int, height: Int) -> [UInt8] {
        var largest = [Float](repeating: 0, count: colors.count)
        colors.withUnsafeBufferPointer { colors in
            points.withUnsafeBufferPointer { points in
                largest.withUnsafeMutableBufferPointer { largest in
                    for y in 0..<height {
                        for x in 0..<width {
                            let i = y * width + x
                            let id = colors[i]
                            // A neighbour of the same colour differs by nothing: most of a sticker is runs.
                            if x + 1 < width, colors[i + 1] != id {
                                let d = squared(points[Int(id)] - points[Int(colors[i + 1])])
                                largest[i] = max(largest[i], d)
                                largest[i + 1] = max(largest[i + 1], d)
                            }
                            if y + 1 < height, colors[i + width] != id {
                                let d = squared(points[Int(id)] - points[Int(colors[i + width])])
                                largest[i] = max(largest[i], d)
                                largest[i + width] = max(largest[i + width], d)
                            }
                        }
                    }
                }
            }
        }
        return largest.map { largest in
            guard largest > smooth * smooth else { return 255 }
            let d = largest.squareRoot()
            return d >= edge ? 0 : UInt8(((edge - d) / (edge - smooth) * 255).rounded())
        }
    }

    @inline(__always)
    private static func squared(_ v: PalettePoint) -> Float { (v * v).laneSum }
}
