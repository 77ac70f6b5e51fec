import StickerPalette

/// How far lossy GIF encoding may stray from a frame's colours, for one colour table: a budget of perceptual
/// distance as the palette quantiser measures it (Euclidean in `PaletteSpace`: Oklab over white and over the dark
/// background, and premultiplied), in units of `unit`. Only opaque entries stand in for one another, so
/// transparency stays exact.
struct GIFLossiness {
    /// One unit of the `lossy` knob in palette-space distance: 100 units are 0.02, about the classic just-noticeable
    /// difference (2.3 in CIELAB); neighbouring 8-bit greys are 12 to 15 units apart.
    static let unit: Float = 0.000_2

    /// The budget in palette-space distance.
    let budget: Float
    let table: ColorTable
    /// distance[p << 8 | q] between entries p and q; infinite when they differ and either is not opaque.
    let distance: [Float]
    /// Each entry's point in the palette space, for the error a run of substituted pixels carries.
    let points: [PalettePoint]
    /// The entries that may stand for entry p, nearest first: close[closeStart[p]..<closeStart[p + 1]].
    let close: [UInt8]
    let closeStart: [Int32]

    /// Nil when `lossy` is 0 or less: the encoding is exact.
    init?(lossy: Int, table: ColorTable) {
        guard lossy > 0 else { return nil }
        self.init(budget: Self.budget(lossy), table: table)
    }

    init(budget: Float, table: ColorTable) {
        self.budget = budget
        self.table = table
        let colors = table.colors
        points = colors.map { PaletteSpace.point($0) }
        var distance = [Float](repeating: .infinity, count: 256 * 256)
        var close: [UInt8] = []
        var closeStart: [Int32] = [0]
        let opaque = colors.map { $0 >> 24 == 0xFF }
        for p in colors.indices {
            var row: [(Float, Int)] = []
            for q in colors.indices {
                // As `distance(_:_:)`, from the points already made (the entries are distinct colours).
                var d: Float = p == q ? 0 : .infinity
                if p != q && opaque[p] && opaque[q] { d = Self.squaredLength(points[p] - points[q]).squareRoot() }
                distance[p << 8 | q] = d
                if q != p && d <= budget { row.append((d, q)) }
            }
            close += row.sorted { $0 < $1 }.map { UInt8($0.1) }
            closeStart.append(Int32(close.count))
        }
        self.distance = distance
        // One spare entry, so the list is never empty.
        self.close = close + [0]
        self.closeStart = closeStart
    }

    /// The distance lossy encoding measures between two colours: 0 for the same colour, infinite when they differ
    /// and either is not opaque.
    package static func distance(_ a: UInt32, _ b: UInt32) -> Float {
        guard a != b else { return 0 }
        guard a >> 24 == 0xFF && b >> 24 == 0xFF else { return .infinity }
        return squaredLength(PaletteSpace.point(a) - PaletteSpace.point(b)).squareRoot()
    }

    /// The squared length of a palette-space vector, summed pairwise on concrete vectors: the palette's generic
    /// `laneSum` is not specialised across modules, and this runs in the search's inner loop.
    @inline(__always)
    static func squaredLength(_ v: PalettePoint) -> Float {
        let square = v * v
        let eight = square.lowHalf + square.highHalf
        let four = eight.lowHalf + eight.highHalf
        let two = four.lowHalf + four.highHalf
        return two.x + two.y
    }

    /// The budget of `lossy` in palette-space distance.
    package static func budget(_ lossy: Int) -> Float { Float(max(lossy, 0)) * unit }

    /// The tables as raw pointers, for the search's inner loop.
    struct Pointers {
        let budget: Float
        let distance: UnsafePointer<Float>
        let points: UnsafePointer<PalettePoint>
        let close: UnsafePointer<UInt8>
        let closeStart: UnsafePointer<Int32>

        @inline(__always)
        func closeCount(_ entry: Int) -> Int { Int(closeStart[entry + 1] - closeStart[entry]) }
    }

    func withPointers<R>(_ body: (Pointers) -> R) -> R {
        distance.withUnsafeBufferPointer { distance in
            points.withUnsafeBufferPointer { points in
                close.withUnsafeBufferPointer { close in
                    closeStart.withUnsafeBufferPointer { closeStart in
                        body(
                            Pointers(
                                budget: budget, distance: distance.baseAddress!, points: points.baseAddress!,
                                close: close.baseAddress!, closeStart: closeStart.baseAddress!))
                    }
                }
            }
        }
    }

    /// `canvas` with every pixel that already shows `target`'s colour within the budget taken as showing it
    /// exactly: the frame planner then leaves such pixels as they are, or outside the rectangle it stores, as it
    /// does equal ones. What is shown stays within the budget of each frame's own colours, so errors do not add up
    /// from frame to frame; transparent pixels are only ever equal.
    func snapped(_ canvas: RGBAImage, toward target: RGBAImage) -> RGBAImage {
        var out = canvas
        out.pixels.withUnsafeMutableBytes { o in
            target.pixels.withUnsafeBytes { t in
                let ow = o.bindMemory(to: UInt32.self)
                let tw = t.bindMemory(to: UInt32.self)
                var last: (canvas: UInt32, target: UInt32, close: Bool) = (0, 0, false)
                for i in ow.indices {
                    let (c, p) = (ow[i], tw[i])
                    guard c != p && c != 0 && p != 0 else { continue }
                    // Neighbouring pixels often repeat the pair: one lookup for the run.
                    if c != last.canvas || p != last.target {
                        last = (c, p, distance[Int(table.index(of: c)) << 8 | Int(table.index(of: p))] <= budget)
                    }
                    if last.close { ow[i] = p }
                }
            }
        }
        return out
    }
}

extension RGBAImage {
    /// This canvas with `rect` drawn from `indices` into `colors`, where `transparent` leaves the canvas showing.
    func drawing(_ indices: [UInt8], colors: [UInt32], transparent: Int?, in rect: PixelRect) -> RGBAImage {
        var out = self
        out.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let index = Int(indices[y * rect.width + x])
                    if index != transparent { words[(rect.y + y) * width + rect.x + x] = colors[index] }
                }
            }
        }
        return out
    }
}
