/// Writes GIF with the project's own stream writer and LZW coder (`GIFStreamWriter`, `LZWEncoder`): 1-bit
/// transparency by an alpha threshold (edge pixels keep their own colour, so no dark fringe), the colours
/// exactly when every frame together has at most 256 (one global table) or each frame stores at most 256 (a local
/// table each, as `FramePalettes` makes them), else one palette shared by all frames from `PaletteQuantizer`; each
/// frame stored as the rectangle that changed, with disposal and transparency for unchanged pixels chosen per frame
/// (`GIFFramePlanner`); delays in hundredths on the running total (`GIFTimeline`), and the loop count kept. Lossy,
/// the LZW coder may write close colours for shorter streams (`GIFLossiness`).
import StickerPalette

public enum GIFEncoder {
    /// The alpha from which a pixel is drawn opaque (below it, transparent): GIF has no partial alpha.
    public static let alphaThreshold: UInt8 = 128

    /// `quick`: one LZW table policy per frame instead of both, for sizes that only need to be no smaller.
    /// `lossy`: 0 writes the frames' colours exactly (after quantisation when there are more than 256); above 0 each
    /// visible pixel may show a colour up to `lossy` units of the quantiser's perceptual distance away, for a shorter
    /// LZW stream (`GIFLossiness`: 100 is about a just-noticeable difference, 7 levels of grey), through one global
    /// table: frames that would need local tables are quantised to one. Transparency, frames, delays and the loop
    /// count stay exact.
    public static func encode(
        _ image: DecodedImage, alphaThreshold: UInt8 = GIFEncoder.alphaThreshold, quick: Bool = false, lossy: Int = 0
    ) throws(EncodeError) -> [UInt8] {
        try encode(binary: binary(image, at: alphaThreshold), quick: quick, lossy: lossy)
    }

    /// `image` with every frame's alpha cut at `threshold` (`thresholded`): the frames a GIF shows.
    package static func binary(_ image: DecodedImage, at threshold: UInt8 = alphaThreshold) -> DecodedImage {
        var binary = image
        for index in binary.frames.indices {
            binary.frames[index].image = thresholded(binary.frames[index].image, at: threshold)
        }
        return binary
    }

    /// `encode` of frames already `thresholded` (the lossless step cuts the alpha first, to merge the frames that
    /// become equal), which are not cut again.
    package static func encode(binary: DecodedImage, quick: Bool = false, lossy: Int = 0) throws(EncodeError)
        -> [UInt8]
    {
        guard (1...0xFFFF).contains(binary.width), (1...0xFFFF).contains(binary.height) else {
            throw EncodeError.unsupportedImage(
                "GIF encoding failed: \(binary.width)x\(binary.height) px; a GIF side is 1 to 65535 px")
        }
        // Local tables write each frame's own colours, exactly; lossy LZW needs the one global table.
        if let exact = encodeExact(binary, globalOnly: lossy > 0, quick: quick, lossy: lossy) { return exact.bytes }
        guard let written = encodeExact(quantized(binary), globalOnly: true, quick: quick, lossy: lossy) else {
            throw EncodeError.unsupportedImage("GIF encoding failed: the palette holds more than 256 colours")
        }
        return written.bytes
    }

    /// Every frame mapped to one palette of at most 256 colours shared by all (`PaletteQuantizer`): what `encode`
    /// writes when the frames hold more.
    package static func quantized(_ image: DecodedImage) -> DecodedImage {
        var out = image
        let quantized = PaletteQuantizer.quantize(image.frames.map(\.image))
        for index in out.frames.indices { out.frames[index].image = quantized.image(frame: index) }
        return out
    }

    /// What was written, for a report of the steps applied.
    package struct Written {
        package var bytes: [UInt8]
        package var localTables = 0
        package var croppedFrames = 0
        package var keptUnchanged = 0
        package var disposedFrames = 0
    }

    /// Frames whose pixels are binary alpha with the colour of transparent pixels 0, stored exactly: one global
    /// table when every frame's colours fit in it, else a local table per frame (unless `globalOnly`). Nil
    /// when a frame needs more than 256 colours. `lossy` (as `encode`'s) loosens "exactly", with a global table only.
    package static func encodeExact(
        _ image: DecodedImage, globalOnly: Bool = false, quick: Bool = false, lossy: Int = 0
    ) -> Written? {
        let targets = image.frames.map(\.image)
        var global = ColorTable()
        var fits = true
        for frame in targets where fits {
            frame.pixels.withUnsafeBytes { raw in
                var last: UInt32? = nil
                for p in raw.bindMemory(to: UInt32.self) where p != last {
                    last = p
                    if !global.insert(p) {
                        fits = false
                        return
                    }
                }
            }
        }
        guard fits || !globalOnly else { return nil }
        // An animation gains a transparent entry, when there is room, to leave unchanged pixels as they are.
        if fits && targets.count > 1 { _ = global.insert(0) }
        let planner = GIFFramePlanner(globalTable: fits ? global : nil, quick: quick, lossy: lossy)
        guard let frames = planner.plan(targets) else { return nil }

        var writer = GIFStreamWriter()
        writer.appendScreen(width: image.width, height: image.height, globalTable: fits ? global.colors : nil)
        if targets.count > 1, let loops = image.loopCount { writer.appendLoop(loops) }
        var written = Written(bytes: [])
        let delays = GIFTimeline.centiseconds(image.frames.map(\.delayMs))
        for (index, frame) in frames.enumerated() {
            let delay = delays[index]
            if targets.count > 1 || frame.transparentIndex != nil {
                writer.appendControl(
                    disposal: targets.count > 1 ? disposalMethod(frame.disposal) : 0, delayCentiseconds: delay,
                    transparentIndex: frame.transparentIndex)
            }
            writer.appendImage(frame.rect, localTable: frame.localTable, data: frame.data)
            if frame.localTable != nil { written.localTables += 1 }
            if frame.rect.width < image.width || frame.rect.height < image.height { written.croppedFrames += 1 }
            if frame.keepsUnchanged && index > 0 { written.keptUnchanged += 1 }
            if frame.disposal != .none && index < frames.count - 1 { written.disposedFrames += 1 }
        }
        written.bytes = writer.finish()
        return written
    }

    private static func disposalMethod(_ disposal: FrameDisposal) -> Int {
        switch disposal {
        case .none: return 1
        case .background: return 2
        case .previous: return 3
        }
    }

    /// Alpha below `threshold` becomes fully transparent (colour 0), the rest fully opaque.
    package static func thresholded(_ image: RGBAImage, at threshold: UInt8) -> RGBAImage {
        // fit's palette candidates are cut already: they are returned as they are, without a copy of their pixels.
        if isCut(image) { return image }
        var out = image
        out.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices {
                let p = words[i]
                words[i] = UInt8(p >> 24) >= threshold ? p | 0xFF00_0000 : 0
            }
        }
        return out
    }

    /// Whether every pixel is opaque or transparent black: what `thresholded` leaves as it is at any threshold.
    package static func isCut(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            // A pixel is cut when p - 1 wraps to the top (0) or stays in it (alpha 255): one minimum over a block,
            // which vectorises; the first block with another pixel ends the scan.
            var start = 0
            while start < words.count {
                let end = min(start + 4096, words.count)
                var least = UInt32.max
                for i in start..<end { least = min(least, words[i] &- 1) }
                if least < 0xFEFF_FFFF { return false }
                start = end
            }
            return true
        }
    }
}
