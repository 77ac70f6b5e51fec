/// Reduces still or animated RGBA frames to one shared palette of at most 256 RGBA colours.
///
/// Distinct colours are counted (`ColorHistogram`); when there are few enough the palette is exactly
/// those colours. Otherwise the visible colours are placed in premultiplied Oklab with alpha
/// (`PaletteSpace`), cut into boxes (`MedianCut`), refined by weighted k-means (`KMeansRefinement`) and
/// rounded to 8 bits; pixels are then mapped to their nearest entry, with Floyd-Steinberg error diffusion
/// if asked (`Remapper`, `DitherMap`). Fully transparent pixels keep alpha 0 and fully opaque ones alpha
/// 255. The result depends only on the input and the options. `PaletteBuilder` does the work, and keeps it
/// for another palette size or dithering of the same frames.
public enum PaletteQuantizer {
    public enum Dithering: String, Sendable, CaseIterable {
        /// Nearest entry only: flat areas stay flat, gradients band.
        case none
        /// Error diffusion everywhere.
        case floydSteinberg
        /// Error diffusion in smooth areas, little across edges and detail.
        case adaptive
    }

    public struct Options: Equatable, Sendable {
        /// 2...256.
        public var maxColors: Int
        public var dithering: Dithering
        /// How much of each pixel's error is passed on (0...1).
        public var ditherLevel: Float
        /// At most this many k-means passes after median cut.
        public var iterations: Int

        public init(
            maxColors: Int = 256, dithering: Dithering = .adaptive, ditherLevel: Float = 0.75, iterations: Int = 8
        ) {
            self.maxColors = maxColors
            self.dithering = dithering
            self.ditherLevel = ditherLevel
            self.iterations = iterations
        }
    }

    /// One palette for all `frames` (RGBA pixels, all `width` x `height`), every frame mapped to it. To
    /// quantise the same frames more than once (other sizes, dithered or not), keep a `PaletteBuilder` instead.
    public static func quantize(width: Int, height: Int, frames: [[UInt8]], options: Options = Options())
        -> QuantizedImage
    {
        PaletteBuilder(width: width, height: height, frames: frames).quantize(options)
    }
}
