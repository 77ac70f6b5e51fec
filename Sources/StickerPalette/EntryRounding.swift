/// The 8-bit colour of a palette entry: the one whose point is nearest the entry's (the k-means mean), found
/// by coordinate descent from the direct conversion. Since the squared error of a cluster is its spread plus
/// its count times the distance from the mean, the nearest colour to the mean is the best one for the whole
/// cluster; the direct conversion alone misses by a few codes (alpha is estimated, and near black a code is
/// a large step in Oklab).
enum EntryRounding {
    static func color(nearest target: PalettePoint, opaque: Bool) -> SIMD4<UInt8> {
        var best = PaletteSpace.color(target, opaque: opaque)
        var bestDistance = distance(best, target)
        let channels = opaque ? 3 : 4
        for step in [8, 4, 2, 1] {
            var improved = true
            while improved {
                improved = false
                for channel in 0..<channels {
                    for sign in [-1, 1] {
                        let value = Int(best[channel]) + sign * step
                        guard (0...255).contains(value), channel < 3 || value > 0 else { continue }
                        var candidate = best
                        candidate[channel] = UInt8(value)
                        let d = distance(candidate, target)
                        if d < bestDistance {
                            best = candidate
                            bestDistance = d
                            improved = true
                        }
                    }
                }
            }
        }
        return best
    }

    @inline(__always)
    private static func distance(_ color: SIMD4<UInt8>, _ target: PalettePoint) -> Float {
        let d = PaletteSpace.point(PaletteSpace.pack(color)) - target
        return (d * d).laneSum
    }
}
