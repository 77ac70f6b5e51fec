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
        let width = width
        // Whole pixels as words, alpha in the byte the mask picks.
        pixels.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { words in
                let alphaMask = UInt32(0xFF00_0000).littleEndian
                for y in 0..<height {
                    let row = UnsafeBufferPointer(rebasing: words[(y * width)..<((y + 1) * width)])
                    // Branch-free, so it vectorises: (alpha - 1) wraps to the top bit only for alpha 0.
                    var count: UInt32 = 0
                    for word in row { count &+= ((UInt32(littleEndian: word) &>> 24) &- 1) &>> 31 }
                    let zeros = Int(count)
                    stats.transparentPixels += zeros
                    if y == 0 || y == height - 1 {
                        if row.contains(where: { $0 & alphaMask != alphaMask }) { border = false }
                    } else if row[0] & alphaMask != alphaMask || row[width - 1] & alphaMask != alphaMask {
                        border = false
                    }
                    guard zeros < width else { continue }
                    // A visible pixel on this row: the first and last from each end.
                    let first = row.firstIndex { $0 & alphaMask != 0 }!
                    let last = row.lastIndex { $0 & alphaMask != 0 }!
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

    /// Pixels whose alpha is below 255: the transparent and the translucent ones.
    public var nonOpaquePixelCount: Int {
        pixels.withUnsafeBufferPointer { p in
            var count = 0
            var i = 3
            while i < p.count {
                if p[i] != 255 { count += 1 }
                i += 4
            }
            return count
        }
    }

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
