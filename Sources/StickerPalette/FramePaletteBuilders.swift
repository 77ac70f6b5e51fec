/// `FramePalettes` for one animation, its frames' palette builders kept between palette sizes: each frame's
/// colours (those it changes, or the whole frame where it needs its own) are counted, placed and split once, and
/// each size after that costs only its refinement and remap. `fit`'s search asks for several sizes of the same
/// frames. A builder is kept while `budget` bytes last; past them it is made again at each use.
///
/// `quantize` gives exactly what `FramePalettes.quantize` gives for the same frames and options.
/// Not thread-safe: one search uses one.
public final class FramePaletteBuilders {
    public let width: Int
    public let height: Int
    private let frames: [[UInt8]]
    private let alphaThreshold: UInt8
    private let budget: Int
    private var held = 0
    /// Per frame, the builder of the pixels it changes from the frame before, and of the whole frame.
    private var ofChanged: [PaletteBuilder?]
    private var ofWhole: [PaletteBuilder?]

    /// `frames`: RGBA, 4 bytes a pixel, all `width` x `height`. `alphaThreshold`: alpha below it shows nothing (GIF's
    /// 1-bit alpha).
    public init(width: Int, height: Int, frames: [[UInt8]], alphaThreshold: UInt8 = 128, budget: Int) {
        self.width = width
        self.height = height
        self.frames = frames
        self.alphaThreshold = alphaThreshold
        self.budget = budget
        ofChanged = Array(repeating: nil, count: frames.count)
        ofWhole = Array(repeating: nil, count: frames.count)
    }

    /// Every frame with at most `options.maxColors` colours besides the pixels it keeps unchanged.
    public func quantize(_ options: PaletteQuantizer.Options) -> [[UInt8]] {
        var out: [[UInt8]] = []
        out.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            let whole = { self.builder(&self.ofWhole, index, frame).quantize(options).pixels(frame: 0) }
            guard index > 0 else {
                out.append(whole())
                continue
            }
            let (before, shown) = (frames[index - 1], out[index - 1])
            guard let changed = FramePalettes.changedOnly(frame, before: before) else {
                out.append(shown)
                continue
            }
            var made = builder(&ofChanged, index, changed).quantize(options).pixels(frame: 0)
            if FramePalettes.carry(shown, into: &made, where: frame, equals: before, alphaThreshold: alphaThreshold) {
                out.append(made)
            } else {
                out.append(whole())
            }
        }
        return out
    }

    /// The builder of `pixels`, frame `index`'s in `kept`: the one kept, or a new one, kept if the budget allows.
    private func builder(_ kept: inout [PaletteBuilder?], _ index: Int, _ pixels: [UInt8]) -> PaletteBuilder {
        if let known = kept[index] { return known }
        let made = PaletteBuilder(width: width, height: height, frames: [pixels])
        if held + made.bytes <= budget {
            held += made.bytes
            kept[index] = made
        }
        return made
    }
}
