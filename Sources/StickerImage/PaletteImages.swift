import StickerPalette

// The palette quantiser works on plain RGBA pixels; these take and give the codecs' images.
extension PaletteQuantizer {
    public static func quantize(_ image: RGBAImage, options: Options = Options()) -> QuantizedImage {
        quantize([image], options: options)
    }

    /// One palette for all `frames` (all of one size), every frame mapped to it.
    public static func quantize(_ frames: [RGBAImage], options: Options = Options()) -> QuantizedImage {
        quantize(width: frames[0].width, height: frames[0].height, frames: frames.map(\.pixels), options: options)
    }
}

extension FramePalettes {
    /// Every frame (all of one size) quantised to a palette of its own, the pixels that do not change carried.
    public static func quantize(_ frames: [RGBAImage], options: PaletteQuantizer.Options) -> [RGBAImage] {
        let (width, height) = (frames[0].width, frames[0].height)
        return quantize(width: width, height: height, frames: frames.map(\.pixels), options: options).map {
            RGBAImage(width: width, height: height, pixels: $0)
        }
    }
}

extension FramePaletteBuilders {
    /// Builders for `frames`, all of one size, kept while `budget` bytes last.
    public convenience init(frames: [RGBAImage], budget: Int) {
        self.init(width: frames[0].width, height: frames[0].height, frames: frames.map(\.pixels), budget: budget)
    }

    /// Every frame quantised to a palette of its own, the pixels that do not change carried, as images.
    public func quantizedImages(_ options: PaletteQuantizer.Options) -> [RGBAImage] {
        quantize(options).map { RGBAImage(width: width, height: height, pixels: $0) }
    }
}

extension PaletteBuilder {
    /// A builder for `frames`, all of one size.
    public convenience init(frames: [RGBAImage], mostColors: Int = 2) {
        self.init(
            width: frames[0].width, height: frames[0].height, frames: frames.map(\.pixels), mostColors: mostColors)
    }
}

extension QuantizedImage {
    /// Frame `index` back as an image.
    public func image(frame index: Int) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: pixels(frame: index))
    }

    /// Every frame back as images.
    public var images: [RGBAImage] { indices.indices.map { image(frame: $0) } }
}
