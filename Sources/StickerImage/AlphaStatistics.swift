/// What the alpha channel of one image shows, from one pass over its pixels: how much is transparent,
/// whether a background was left in (an opaque border), and where the visible art is.
public struct AlphaStatistics: Equatable, Sendable {
    /// Pixels whose alpha is 0.
    public var transparentPixels = 0
    /// Every pixel of the outermost rows and columns has alpha 255 (false for an empty image).
    public var borderOpaque = false
    /// The smallest rectangle holding every pixel with alpha above 0; nil when nothing is visible.
    public var visibleBounds: (x: Int, y: Int, width: Int, height: Int)?

    public static func == (a: Self, b: Self) -> Bool {
        a.transparentPixels == b.transparentPixels && a.borderOpaque == b.borderOpaque
            && a.visibleBounds.map { [$0.x, $0.y, $0.width, $0.height] }
                == b.visibleBounds.map { [$0.x, $0.y, $0.width, $0.height] }
    }
}

extension RGBAImage {
    public var alphaStatistics: AlphaStatistics {
        var stats = AlphaStatistics()
        guard width > 0, height > 0 else { return stats }
        var border = true
        var minX = width
        var maxX = -1
        var minY = height
        var maxY = -1
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = y * width * 4 + 3
                let edgeRow = y == 0 || y == height - 1
                var first = -1
                var last = -1
                var zeros = 0
                for x in 0..<width {
                    let a = p[row + x * 4]
                    if a == 0 {
                        zeros += 1
                    } else {
                        if first < 0 { first = x }
                        last = x
                    }
                    if edgeRow && a != 255 { border = false }
                }
                stats.transparentPixels += zeros
                if p[row] != 255 || p[row + (width - 1) * 4] != 255 { border = false }
                if first >= 0 {
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        stats.borderOpaque = border
        if maxX >= 0 { stats.visibleBounds = (minX, minY, maxX - minX + 1, maxY - minY + 1) }
        return stats
    }

    /// Pixels whose alpha is 0.
    public var transparentPixelCount: Int { alphaStatistics.transparentPixels }

    /// Every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
