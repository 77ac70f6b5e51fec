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
                first, on: clear, covering: Self.mustClear(after: first, next: targets.dropFirst().first),
                plain: &plain, under: .max)
        else { return nil }
        var frames = [start]
        var history = CanvasHistory(base: clear, rect: start.rect, shown: shown(start, on: clear, target: first))
        for index in 1..<max(1, targets.count) {
            var chosen: (frame: Frame, disposal: FrameDisposal, canvas: RGBAImage)? = nil
            var plain = PlainFrames()
            for (disposal, canvas) in history.canvases(isFirst: false) {
                let cover = Self.mustClear(
                    after: targets[index], next: index + 1 < targets.count ? targets[index + 1] : nil)
                let seen = lossiness?.snapped(canvas, toward: targets[index]) ?? canvas
                guard
                    let candidate = best(
                        targets[index], on: seen, covering: cover, plain: &plain, under: chosen?.frame.size ?? .max)
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

    /// The smallest way to draw `target` on `canvas`, its rectangle holding `covering` too, when it takes fewer
    /// than `limit` bytes; nil when none is exact or under the limit. An encoding is given up once it reaches the
    /// limit or the best way so far: the planner keeps only the smallest.
    private func best(
        _ target: RGBAImage, on canvas: RGBAImage, covering: PixelRect?, plain: inout PlainFrames, under limit: Int
    ) -> Frame? {
        var rect = target.changedBounds(from: canvas) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        if let covering { rect = rect.union(covering) }
        var chosen: Frame? = nil
        for keep in [false, true] {
            guard let (colors, kept) = Self.stored(target, on: canvas, rect: rect, keepUnchanged: keep) else {
                continue
            }
            // Nothing the canvas shows could be kept: the same colours as the frame just encoded.
            if keep && kept == 0 { break }
            let under = chosen?.size ?? limit
            var found: Frame?
            if keep {
                found = encode(colors, rect: rect, under: under)
            } else if let known = plain.encoded[rect] {
                found = known.size < under ? known : nil
            } else if !plain.failed.contains(rect) {
                found = encode(colors, rect: rect, under: under)
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
        guard let next else { return nil }
        var visible = target
        visible.pixels.withUnsafeMutableBytes { raw in
            next.pixels.withUnsafeBytes { n in
                let v = raw.bindMemory(to: UInt32.self)
                let w = n.bindMemory(to: UInt32.self)
                // Pixels that need no clearing are made equal to `next`, so the bounds of what differs are the rest.
                for i in v.indices where !(w[i] == 0 && v[i] != 0) { v[i] = w[i] }
            }
        }
        return visible.changedBounds(from: next)
    }

    /// The colours a frame stores for `rect`, 0 meaning the transparent index: for each pixel the target's
    /// colour, or 0 where the target is transparent (the canvas must be too) or, with `keepUnchanged`, where
    /// the canvas already shows it; and how many visible pixels were kept so. Nil when a pixel would have to
    /// turn transparent.
    static func stored(_ target: RGBAImage, on canvas: RGBAImage, rect: PixelRect, keepUnchanged: Bool)
        -> (colors: [UInt32], kept: Int)?
    {
        var out = [UInt32](repeating: 0, count: rect.width * rect.height)
        var kept = 0
        let exact = target.pixels.withUnsafeBytes { t in
            canvas.pixels.withUnsafeBytes { c in
                let tw = t.bindMemory(to: UInt32.self)
                let cw = c.bindMemory(to: UInt32.self)
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let i = (rect.y + y) * target.width + rect.x + x
                        let (p, q) = (tw[i], cw[i])
                        if p == 0 {
                            guard q == 0 else { return false }
                        } else if keepUnchanged && p == q {
                            kept += 1
                        } else {
                            out[y * rect.width + x] = p
                        }
                    }
                }
                return true
            }
        }
        return exact ? (out, kept) : nil
    }

    /// Indices and LZW data for stored colours, through the global table or a local one; nil when the frame
    /// would take `limit` bytes or more (its encoding is given up there).
    private func encode(_ colors: [UInt32], rect: PixelRect, under limit: Int) -> Frame? {
        var table: ColorTable
        var local: [UInt32]? = nil
        if let globalTable {
            table = globalTable
        } else {
            table = ColorTable()
            for color in colors where !table.insert(color) { return nil }
            local = table.colors
        }
        let hasClear = colors.contains(0)
        if hasClear && !globalHoldsClear { return nil }
        let transparent = hasClear ? Int(table.index(of: 0)) : nil
        var indices = [UInt8](unsafeUninitializedCapacity: colors.count) { out, count in
            if let base = out.baseAddress { colors.withUnsafeBufferPointer { table.indices(of: $0, into: base) } }
            count = colors.count
        }
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
