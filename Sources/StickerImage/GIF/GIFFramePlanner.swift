/// Chooses how each frame of a GIF is stored, and stores it. For frame i the previous frame's disposal
/// (none, background, previous) gives the canvas it is drawn on; frame i stores the rectangle where its
/// target differs from that canvas, with every pixel as its colour, or with the pixels the canvas already
/// shows as the transparent index (which leaves them, and which LZW compresses into long runs). Each way is
/// LZW-encoded and the shortest kept; every one composites to exactly the target.
///
/// Lossy (`GIFLossiness`, a global table only), a frame composites to within the budget of its target instead:
/// the LZW coder may write close colours, and canvas pixels already within the budget count as unchanged. Each
/// frame is then planned on the canvas the decoder shows, never on the targets before it.
///
/// The targets have binary alpha with the colour of transparent pixels 0. Colours come from the global table
/// when there is one, else from a local table per frame, which fails (nil) past 256 colours.
struct GIFFramePlanner {
    struct Frame {
        var rect: PixelRect
        /// Indices into `table` (the global one when nil).
        var data: [UInt8]
        var localTable: [UInt32]?
        var transparentIndex: Int?
        /// What happens after this frame (decided when the next is planned).
        var disposal: FrameDisposal = .none
        var keepsUnchanged = false
        /// What the frame's indices decode to, when the LZW coder was lossy (they are `data`'s otherwise).
        var decoded: [UInt8]? = nil
        var size: Int { data.count + (localTable.map { 3 << GIFStreamWriter.tableBits($0.count) } ?? 0) }
    }

    /// The global colour table, the transparent colour (0) included when any frame needs it.
    let globalTable: ColorTable?
    /// The global table holds the transparent colour 0.
    let globalHoldsClear: Bool
    /// Nil for exact frames.
    let lossiness: GIFLossiness?
    private let lzw = LZWTable()
    /// The LZW table policies each stored frame tries: one for a quick encoding (`fit`'s search, whose sizes
    /// need only be no smaller than the full effort's), both otherwise.
    private let policies: [LZWEncoder.FullTable]

    /// `lossy`: the budget of `GIFLossiness`, used only with a global table; 0 is exact.
    init(globalTable: ColorTable?, quick: Bool = false, lossy: Int = 0) {
        self.globalTable = globalTable
        globalHoldsClear = globalTable?.colors.contains(0) ?? true
        policies = quick ? [.clear] : LZWEncoder.FullTable.allCases
        lossiness = globalTable.flatMap { GIFLossiness(lossy: lossy, table: $0) }
    }

    func plan(_ targets: [RGBAImage]) -> [Frame]? {
        let first = targets[0]
        let clear = RGBAImage(width: first.width, height: first.height)
        var plain = PlainFrames()
        guard
            let start = best(
                Target(first, table: globalTable), on: clear,
                covering: Self.mustClear(after: first, next: targets.dropFirst().first), plain: &plain, under: .max)
        else { return nil }
        var frames = [start]
        var history = CanvasHistory(base: clear, rect: start.rect, shown: shown(start, on: clear, target: first))
        for index in 1..<max(1, targets.count) {
            var chosen: (frame: Frame, disposal: FrameDisposal, canvas: RGBAImage)? = nil
            var plain = PlainFrames()
            let target = Target(targets[index], table: globalTable)
            let next = index + 1 < targets.count ? targets[index + 1] : nil
            let cover = Self.mustClear(after: targets[index], next: next)
            for (disposal, canvas) in history.canvases(isFirst: false) {
                let seen = lossiness?.snapped(canvas, toward: targets[index]) ?? canvas
                guard
                    let candidate = best(
                        target, on: seen, covering: cover, plain: &plain, under: chosen?.frame.size ?? .max)
                else { continue }
                chosen = (candidate, disposal, canvas)
            }
            guard let chosen else { return nil }
            frames[index - 1].disposal = chosen.disposal
            frames.append(chosen.frame)
            history = CanvasHistory(
                base: chosen.canvas, rect: chosen.frame.rect,
                shown: shown(chosen.frame, on: chosen.canvas, target: targets[index]))
        }
        return frames
    }

    /// What a decoder shows after drawing `frame` on `canvas`: the target itself unless the frame is lossy.
    private func shown(_ frame: Frame, on canvas: RGBAImage, target: RGBAImage) -> RGBAImage {
        guard let decoded = frame.decoded, let colors = globalTable?.colors else { return target }
        return canvas.drawing(decoded, colors: colors, transparent: frame.transparentIndex, in: frame.rect)
    }

    /// The frames of one target already encoded with every pixel stored, by rectangle: those store the same
    /// indices whatever the canvas (only whether they are exact depends on it), and on `fit`'s GIFs a quarter
    /// of the encodings were such repeats. Also the rectangles that gave no frame: their colours need a table
    /// the planner cannot write, or their encoding was given up at a size limit, which only falls.
    private struct PlainFrames {
        var encoded: [PixelRect: Frame] = [:]
        var failed: Set<PixelRect> = []
    }

    /// A target frame and, with a global table, its pixels' indices in it: looked up once, as every way of
    /// storing the frame on each canvas reads them.
    private struct Target {
        let image: RGBAImage
        let indices: [UInt8]?

        init(_ image: RGBAImage, table: ColorTable?) {
            self.image = image
            indices = table.map { table in
                [UInt8](unsafeUninitializedCapacity: image.width * image.height) { out, count in
                    image.pixels.withUnsafeBytes { raw in
                        table.indices(of: raw.bindMemory(to: UInt32.self), into: out.baseAddress!)
                    }
                    count = image.width * image.height
                }
            }
        }
    }

    /// The smallest way to draw `target` on `canvas`, its rectangle holding `covering` too, when it takes fewer
    /// than `limit` bytes; nil when none is exact or under the limit. An encoding is given up once it reaches the
    /// limit or the best way so far: the planner keeps only the smallest.
    private func best(
        _ target: Target, on canvas: RGBAImage, covering: PixelRect?, plain: inout PlainFrames, under limit: Int
    ) -> Frame? {
        var rect = target.image.changedBounds(from: canvas) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        if let covering { rect = rect.union(covering) }
        var chosen: Frame? = nil
        for keep in [false, true] {
            guard let stored = stored(target, on: canvas, rect: rect, keepUnchanged: keep) else { continue }
            // Nothing the canvas shows could be kept: the same pixels as the frame just encoded.
            if keep && stored.kept == 0 { break }
            let under = chosen?.size ?? limit
            var found: Frame?
            if keep {
                found = encode(stored, rect: rect, under: under)
            } else if let known = plain.encoded[rect] {
                found = known.size < under ? known : nil
            } else if !plain.failed.contains(rect) {
                found = encode(stored, rect: rect, under: under)
                if let found { plain.encoded[rect] = found } else { plain.failed.insert(rect) }
            }
            if var frame = found {
                frame.keepsUnchanged = keep
                chosen = frame
            }
            // Without a transparent entry nothing can be kept.
            if !globalHoldsClear { break }
        }
        return chosen
    }

    /// Where `next` is transparent but this frame shows something. GIF cannot draw transparency, only clear a
    /// frame's rectangle by disposing it to the background: this frame's rectangle must hold these pixels.
    static func mustClear(after target: RGBAImage, next: RGBAImage?) -> PixelRect? {
        next.flatMap { next in target.bounds(against: next) { shown, then in then == 0 && shown != 0 } }
    }

    /// What a frame stores for `rect`: with a global table its indices, else its colours. A pixel is stored as
    /// its target colour, or as the transparent one where the target is transparent (the canvas must be too) or,
    /// with `keepUnchanged`, where the canvas already shows it.
    private struct Stored {
        /// Indices into the global table (the transparent one wherever `clear` says); empty with a local table.
        var indices: [UInt8] = []
        /// The colours, 0 meaning transparent; empty with the global table.
        var colors: [UInt32] = []
        /// Whether any pixel is stored transparent.
        var clear = false
        /// How many visible pixels were kept from the canvas.
        var kept = 0
    }

    /// `Stored` for `rect`; nil when a pixel would have to turn transparent.
    private func stored(_ target: Target, on canvas: RGBAImage, rect: PixelRect, keepUnchanged: Bool) -> Stored? {
        if let indexed = target.indices, let table = globalTable {
            // Without the transparent colour in the table, a pixel stored transparent fails the frame (`encode`).
            let transparent = globalHoldsClear ? table.index(of: 0) : 0
            let made = indexed.withUnsafeBufferPointer { indices in
                Self.store(target.image, on: canvas, rect: rect, keepUnchanged: keepUnchanged, clear: transparent) {
                    indices[$0]
                }
            }
            return made.map { Stored(indices: $0.values, clear: $0.clear, kept: $0.kept) }
        }
        let made = target.image.pixels.withUnsafeBytes { raw in
            let colors = raw.bindMemory(to: UInt32.self)
            return Self.store(target.image, on: canvas, rect: rect, keepUnchanged: keepUnchanged, clear: 0) {
                colors[$0]
            }
        }
        return made.map { Stored(colors: $0.values, clear: $0.clear, kept: $0.kept) }
    }

    /// A value for each pixel of `rect`: `visible(i)` for the target's pixel i, or `clear` where the target is
    /// transparent (the canvas must be too) or, with `keepUnchanged`, where the canvas already shows it; whether
    /// any pixel is `clear`, and how many visible ones were kept so. Nil when a pixel would have to turn
    /// transparent.
    @inline(__always)
    private static func store<Value>(
        _ target: RGBAImage, on canvas: RGBAImage, rect: PixelRect, keepUnchanged: Bool, clear: Value,
        visible: (Int) -> Value
    ) -> (values: [Value], clear: Bool, kept: Int)? {
        var (exact, anyClear, kept) = (true, false, 0)
        let values = [Value](unsafeUninitializedCapacity: rect.width * rect.height) { buffer, count in
            let out = buffer.baseAddress!
            target.pixels.withUnsafeBytes { t in
                canvas.pixels.withUnsafeBytes { c in
                    let tw = t.bindMemory(to: UInt32.self)
                    let cw = c.bindMemory(to: UInt32.self)
                    for y in 0..<rect.height {
                        let row = (rect.y + y) * target.width + rect.x
                        let line = out + y * rect.width
                        for x in 0..<rect.width {
                            let (p, q) = (tw[row + x], cw[row + x])
                            if p == 0 {
                                guard q == 0 else {
                                    exact = false
                                    return
                                }
                                (line + x).initialize(to: clear)
                                anyClear = true
                            } else if keepUnchanged && p == q {
                                (line + x).initialize(to: clear)
                                anyClear = true
                                kept += 1
                            } else {
                                (line + x).initialize(to: visible(row + x))
                            }
                        }
                    }
                }
            }
            // Given up part way, none is kept.
            count = exact ? rect.width * rect.height : 0
        }
        return exact ? (values, anyClear, kept) : nil
    }

    /// LZW data for what a frame stores, through the global table or a local one; nil when the frame would take
    /// `limit` bytes or more (its encoding is given up there), or cannot be written.
    private func encode(_ stored: consuming Stored, rect: PixelRect, under limit: Int) -> Frame? {
        if stored.clear && !globalHoldsClear { return nil }
        var table: ColorTable
        var local: [UInt32]? = nil
        // Taken, not shared: the lossy coder writes into them, which would copy a shared array.
        var indices: [UInt8] = []
        swap(&indices, &stored.indices)
        if let globalTable {
            table = globalTable
        } else {
            table = ColorTable()
            for color in stored.colors where !table.insert(color) { return nil }
            local = table.colors
            indices = [UInt8](unsafeUninitializedCapacity: stored.colors.count) { out, count in
                if let base = out.baseAddress {
                    stored.colors.withUnsafeBufferPointer { table.indices(of: $0, into: base) }
                }
                count = stored.colors.count
            }
        }
        let transparent = stored.clear ? Int(table.index(of: 0)) : nil
        let bits = GIFStreamWriter.tableBits(table.colors.count)
        if let lossiness, local == nil {
            guard
                let data = LossyLZWEncoder.imageData(
                    &indices, minCodeSize: max(2, bits), table: lzw, policies: policies, lossiness: lossiness,
                    under: limit)
            else { return nil }
            return Frame(rect: rect, data: data, localTable: nil, transparentIndex: transparent, decoded: indices)
        }
        let tableBytes = local.map { 3 << GIFStreamWriter.tableBits($0.count) } ?? 0
        guard
            let data = indices.withUnsafeBufferPointer({
                LZWEncoder.imageData(
                    $0, minCodeSize: max(2, bits), table: lzw, policies: policies, under: limit - tableBytes)
            })
        else { return nil }
        return Frame(rect: rect, data: data, localTable: local, transparentIndex: transparent)
    }
}
