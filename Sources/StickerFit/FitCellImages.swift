import StickerImage
import StickerPalette

/// The pixels the search encodes: the source at the size being searched and the cell being searched, each with the
/// palette builder of its frames. Cells are searched one after another, and an animation's frames at 618 px take
/// hundreds of MB, so only one of each is kept, and one builder. Part of the file's `FitCache`.
struct FitCellImages {
    let source: DecodedImage
    /// The cell being searched, its image, and when it has fewer frames than the source (each a blend of several,
    /// so colours of its own) the palette builder of its frames, made at the first palette asked.
    private var current: (key: FitCell, image: DecodedImage, palettes: PaletteBuilder?)?
    /// All the source's frames at the size being searched, and their palette builder (made at the first palette
    /// asked): the cell keeping every frame is these frames, and the cells with fewer are made from them, so each
    /// size is resized once and its colours counted and split, and each palette size refined, once.
    private var sized: (geometry: OutputGeometry, image: DecodedImage, palettes: PaletteBuilder?)?
    /// Palette settings' frames as indices of the cell's frames: the whole cell, and the frames an estimate samples.
    private var quantized = RecentItems<QuantizedKey, QuantizedImage>(budget: Self.remapBudget)
    private var samples = RecentItems<QuantizedKey, QuantizedImage>(budget: Self.sampledRemapBudget)
    /// The frame palettes' builders of the current cell and of its latest sampled frames: each palette size searched
    /// after the first refines and remaps them only. Their budgets count the builders, not the frames they hold.
    private var framePalettes: (key: FramesKey, builders: FramePaletteBuilders)?
    private var sampledFramePalettes: (key: FramesKey, builders: FramePaletteBuilders)?
    /// How often a cell, a remap or the frame palettes' builders were found kept, and how often made.
    private(set) var counts = FitCache.Counts()

    /// The byte budgets of the remaps (whole cells, sampled frames) and of the frame palettes' builders (the
    /// current cell's, its latest sampled frames').
    static let remapBudget = 64 << 20
    static let sampledRemapBudget = 32 << 20
    static let framePaletteBudget = 96 << 20
    static let sampledFramePaletteBudget = 32 << 20

    private struct FramesKey: Hashable {
        var cell: FitCell
        var frames: [Int]
    }

    private struct QuantizedKey: Hashable {
        var cell: FitCell
        var frames: [Int]
        var colors: Int
        var dithered: Bool
    }

    init(source: DecodedImage) { self.source = source }

    /// The pixels of one setting: the cell's image, quantised when the setting has a palette.
    mutating func image(for knobs: FitKnobs) -> DecodedImage {
        let found = cell(FitCell(knobs))
        return paletted(found, kept: Array(found.frames.indices), knobs: knobs, remembered: true)
    }

    /// `image` (the frames at `kept` of `knobs`' cell) with `knobs`' palette, if any: one made from all the cell's
    /// frames, or one a frame. `remembered`: `image` is the whole cell, whose shared remap the next setting may
    /// reuse. A palette a frame is not kept: its encoding is cached, and the final step keeps its pixels.
    mutating func paletted(_ image: DecodedImage, kept: [Int], knobs: FitKnobs, remembered: Bool) -> DecodedImage {
        guard let colors = knobs.colors else { return image }
        let options = Self.options(colors: colors, dithered: knobs.dithered)
        let images =
            knobs.framePalettes
            ? builders(image, key: FramesKey(cell: FitCell(knobs), frames: kept), remembered: remembered)
                .quantizedImages(options)
            : remap(FitCell(knobs), colors: colors, dithered: knobs.dithered, frames: kept, remembered: remembered)
                .images
        var out = image
        out.frames = zip(images, image.frames).map { AnimationFrame(image: $0, delayMs: $1.delayMs) }
        return out
    }

    /// The frame palettes' builders of `image`, the frames `key` names: kept for the current cell (up to 96 MB) and
    /// its latest sampled frames (up to 32 MB).
    private mutating func builders(_ image: DecodedImage, key: FramesKey, remembered: Bool) -> FramePaletteBuilders {
        remembered
            ? Self.builders(image, key: key, in: &framePalettes, budget: Self.framePaletteBudget, counted: &counts)
            : Self.builders(
                image, key: key, in: &sampledFramePalettes, budget: Self.sampledFramePaletteBudget, counted: &counts)
    }

    private static func builders(
        _ image: DecodedImage, key: FramesKey, in slot: inout (key: FramesKey, builders: FramePaletteBuilders)?,
        budget: Int, counted counts: inout FitCache.Counts
    ) -> FramePaletteBuilders {
        if let slot, slot.key == key {
            counts.framePaletteBuilders.hits += 1
            return slot.builders
        }
        counts.framePaletteBuilders.made += 1
        slot = nil  // the old builders go before the new are made: both at once would double the peak
        let made = FramePaletteBuilders(frames: image.frames.map(\.image), budget: budget)
        slot = (key, made)
        return made
    }

    /// `frames` of a cell mapped to one of the size's palettes, kept among the cell's remaps (`remembered`: the whole
    /// cell) or among the sampled frames'.
    private mutating func remap(
        _ cell: FitCell, colors: Int, dithered: Bool, frames: [Int], remembered: Bool
    ) -> QuantizedImage {
        let key = QuantizedKey(cell: cell, frames: frames, colors: colors, dithered: dithered)
        if let known = remembered ? quantized[key] : samples[key] {
            if remembered { counts.remaps.hits += 1 } else { counts.sampledRemaps.hits += 1 }
            return known
        }
        let made = palettes(cell).quantize(Self.options(colors: colors, dithered: dithered), frames: frames)
        if remembered {
            counts.remaps.made += 1
            quantized.add(made, for: key)
        } else {
            counts.sampledRemaps.made += 1
            samples.add(made, for: key)
        }
        return made
    }

    /// Whether a setting with one palette for all frames shows only clear and opaque pixels: then a GIF of it (its
    /// alpha cut at 128) shows the very pixels an APNG does. False for any other setting.
    mutating func showsNoTranslucency(_ knobs: FitKnobs) -> Bool {
        guard let colors = knobs.colors, !knobs.framePalettes else { return false }
        let kept = Array(cell(FitCell(knobs)).frames.indices)
        let palette = remap(FitCell(knobs), colors: colors, dithered: knobs.dithered, frames: kept, remembered: true)
            .palette
        return palette.colors.allSatisfy { $0.w == 0 || $0.w == 255 }
    }

    /// The source at the cell's size and frame count (`keepingFrames`); made once per cell.
    mutating func cell(_ key: FitCell) -> DecodedImage {
        if let current, current.key == key {
            counts.cells.hits += 1
            return current.image
        }
        counts.cells.made += 1
        // The frame palettes' builders hold the cell's frames: they go with it.
        (current, framePalettes, sampledFramePalettes) = (nil, nil, nil)
        // Frames are resized one by one, so fewer frames are blends of the same resized pixels.
        let image = sizedImage(key.geometry).keepingFrames(key.frames)
        current = (key, image, nil)
        return image
    }

    /// Whether the cell keeps every frame of the source: its frames are then the size's.
    private func keepsEveryFrame(_ key: FitCell) -> Bool { key.frames >= source.frames.count }

    /// Every frame of the source at one size, made once per size: each frame count there is a selection of it.
    private mutating func sizedImage(_ geometry: OutputGeometry) -> DecodedImage {
        if let sized, sized.geometry == geometry { return sized.image }
        sized = nil
        let image = geometry.apply(to: source)
        sized = (geometry, image, nil)
        return image
    }

    /// The palette builder of a cell's frames: its size's, over all the source's frames there, when it keeps every
    /// frame; else its own. Only one is held: a builder holds its frames.
    mutating func palettes(_ key: FitCell) -> PaletteBuilder {
        guard keepsEveryFrame(key) else {
            let image = cell(key)
            if let builder = current?.palettes { return builder }
            sized?.palettes = nil
            let builder = PaletteBuilder(frames: image.frames.map(\.image), mostColors: FitSearchPlan.colorLevels[0])
            current?.palettes = builder
            return builder
        }
        let image = sizedImage(key.geometry)
        if let builder = sized?.palettes { return builder }
        current?.palettes = nil
        let builder = PaletteBuilder(frames: image.frames.map(\.image), mostColors: FitSearchPlan.colorLevels[0])
        sized?.palettes = builder
        return builder
    }

    static func options(colors: Int, dithered: Bool) -> PaletteQuantizer.Options {
        PaletteQuantizer.Options(maxColors: colors, dithering: dithered ? .adaptive : .none)
    }
}
