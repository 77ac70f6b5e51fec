import Testing

@testable import StickerPalette

@Suite("DitherMap")
struct DitherMapTests {
    /// The map as first written: each pixel measures its four neighbours itself.
    static func reference(colors: [Int32], points: [PalettePoint], width: Int, height: Int) -> [UInt8] {
        (0..<colors.count).map { i in
            let (x, y) = (i % width, i / width)
            let p = points[Int(colors[i])]
            var largest: Float = 0
            for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nx, ny) = (x + dx, y + dy)
                guard (0..<width).contains(nx), (0..<height).contains(ny) else { continue }
                let d = p - points[Int(colors[ny * width + nx])]
                largest = max(largest, (d * d).laneSum)
            }
            guard largest > DitherMap.smooth * DitherMap.smooth else { return 255 }
            let d = largest.squareRoot()
            return d >= DitherMap.edge
                ? 0 : UInt8(((DitherMap.edge - d) / (DitherMap.edge - DitherMap.smooth) * 255).rounded())
        }
    }

    @Test("Measuring each pair of neighbours once gives every pixel the strength it measures alone")
    func sharedEdgesMatchTheReference() {
        var state: UInt64 = 12345
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        // Colours spread so some neighbours are smooth, some edges, some in between; runs of one colour too.
        let points = (0..<40).map { n in PalettePoint(repeating: 0.004 * Float(n)) * PalettePoint(repeating: 0.5) }
        for (width, height) in [(1, 1), (1, 9), (9, 1), (37, 23), (64, 64)] {
            var colors: [Int32] = []
            for _ in 0..<(width * height) {
                colors.append(next() % 3 == 0 ? (colors.last ?? 0) : Int32(next() % points.count))
            }
            let map = DitherMap.strengths(colors: colors, points: points, width: width, height: height)
            #expect(map == Self.reference(colors: colors, points: points, width: width, height: height))
        }
    }
}
