/// Chooses how each frame of an APNG is stored. For frame i the previous frame's dispose op (none,
/// background, previous) gives the canvas it is drawn on; frame i then stores the rectangle where its target
/// differs from that canvas, either as the target's pixels (blend "source") or with every unchanged pixel
/// fully transparent (blend "over", which leaves them as they were). Each possibility is compressed quickly
/// and the smallest kept; every one composites to exactly the target.
struct APNGFramePlanner {
    struct Frame {
        var rect: PixelRect
        /// The rectangle's pixels as stored.
        var pixels: RGBAImage
        var blendOver: Bool
        /// What happens after this frame (decided when the next is planned).
        var disposal: FrameDisposal = .none

        /// The whole of `pixels`, as their image data is compressed.
        var wholeRect: PixelRect { PixelRect(x: 0, y: 0, width: rect.width, height: rect.height) }
    }

    let layout: PNGPixelLayout
    /// The layout holds the fully transparent colour 0, which "over" stores for unchanged pixels.
    let allowsOver: Bool
    /// The quick compressor each possibility is measured by.
    let trial: DeflateCompressor

    func plan(_ targets: [RGBAImage]) throws(EncodeError) -> [Frame] {
        let first = targets[0]
        let full = PixelRect(x: 0, y: 0, width: first.width, height: first.height)
        var frames = [Frame(rect: full, pixels: first, blendOver: false)]
        var history = CanvasHistory(base: RGBAImage(width: first.width, height: first.height), rect: full, shown: first)
        for index in 1..<targets.count {
            let target = targets[index]
            var best: (frame: Frame, disposal: FrameDisposal, canvas: RGBAImage, cost: Int)? = nil
            // Blend "source" stores the target's pixels whatever the canvas: one estimate per rectangle.
            var sourceCosts: [PixelRect: Int] = [:]
            for (disposal, canvas) in history.canvases(isFirst: index == 1) {
                for candidate in candidates(target, on: canvas) {
                    let known = candidate.blendOver ? nil : sourceCosts[candidate.rect]
                    let cost = if let known { known } else { try estimate(candidate.pixels) }
                    if !candidate.blendOver { sourceCosts[candidate.rect] = cost }
                    if best == nil || cost < best!.cost { best = (candidate, disposal, canvas, cost) }
                }
            }
            frames[index - 1].disposal = best!.disposal
            frames.append(best!.frame)
            history = CanvasHistory(base: best!.canvas, rect: best!.frame.rect, shown: target)
        }
        return frames
    }

    /// The ways to draw `target` on `canvas`: source always, over when it is exact and differs from source.
    private func candidates(_ target: RGBAImage, on canvas: RGBAImage) -> [Frame] {
        guard let rect = target.changedBounds(from: canvas) else {
            // Nothing changed: one pixel, redrawn as it is.
            let one = PixelRect(x: 0, y: 0, width: 1, height: 1)
            return [Frame(rect: one, pixels: target.cropped(to: one), blendOver: false)]
        }
        let source = target.cropped(to: rect)
        var out = [Frame(rect: rect, pixels: source, blendOver: false)]
        if allowsOver, let over = Self.overPixels(target, on: canvas, rect: rect), over != source {
            out.append(Frame(rect: rect, pixels: over, blendOver: true))
        }
        return out
    }

    /// The rectangle's pixels for blend "over": 0 where the canvas already shows the target, the target where
    /// it is opaque or the canvas clear; nil when some pixel would need a translucent blend.
    static func overPixels(_ target: RGBAImage, on canvas: RGBAImage, rect: PixelRect) -> RGBAImage? {
        var out = [UInt32](repeating: 0, count: rect.width * rect.height)
        let exact = target.pixels.withUnsafeBytes { t in
            canvas.pixels.withUnsafeBytes { c in
                let tw = t.bindMemory(to: UInt32.self)
                let cw = c.bindMemory(to: UInt32.self)
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let i = (rect.y + y) * target.width + rect.x + x
                        let (p, q) = (tw[i], cw[i])
                        if p == q { continue }
                        guard p >> 24 == 255 || q >> 24 == 0 else { return false }
                        out[y * rect.width + x] = p
                    }
                }
                return true
            }
        }
        guard exact else { return nil }
        let bytes = out.withUnsafeBytes { Array($0) }
        return RGBAImage(width: rect.width, height: rect.height, pixels: bytes)
    }

    /// The compressed size at the trial level, unfiltered or filtered per row, whichever is smaller; palette
    /// frames unfiltered only (filtering indices seldom helps: on `fit`'s set, leaving it out changed no output).
    private func estimate(_ pixels: RGBAImage) throws(EncodeError) -> Int {
        try PNGImageData.compress(
            pixels, rect: PixelRect(x: 0, y: 0, width: pixels.width, height: pixels.height), layout: layout,
            compressor: trial, triesEveryStrategy: false,
            strategies: layout.colorType == .palette
                ? [.fixed(.none)] : [.fixed(.none), .minimumSumOfAbsoluteDifferences]
        ).count
    }
}
