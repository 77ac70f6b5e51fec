import StickerImage
import StickerQuality

/// What one file was, or became: the facts the report shows before and after.
public struct FitFacts: Equatable, Sendable {
    public var bytes: Int
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    public var frames: Int
    public var durationMs: Double

    init(_ image: DecodedImage, bytes: Int) {
        self.bytes = bytes
        format = image.format
        width = image.width
        height = image.height
        frames = image.frames.count
        durationMs = image.durationMs
    }
}

/// The outcome of fitting one file, before anything is written.
public struct FitResult: Sendable {
    public enum Outcome: String, Sendable {
        /// It already fit: copied byte for byte (left alone in place).
        case unchanged
        /// It fit but for its name: the same bytes under the right extension.
        case renamed
        /// Re-encoded to fit.
        case fitted
        /// Re-encoded within the byte limit, but its best candidate scores under --min-quality: written with
        /// --output (flagged, exit status 1, for a person to look at), never over the input with --in-place.
        case belowMinQuality
        /// No output: the reason says why, the hint what to do.
        case failed
    }

    public var path: String
    public var outcome: Outcome
    /// Whether the run writes anything for this file with `--output`.
    public var hasOutput: Bool { outcome != .failed }
    /// Whether the file passes: it fits at --min-quality. Only such a file is written over its input, counts as
    /// a success in the exit status, and is taken by `build --fit`.
    public var passes: Bool { outcome != .failed && outcome != .belowMinQuality }

    /// The output's file name (the input's stem, the extension its format takes); nil when failed.
    public var outputName: String?
    /// Nil when the file did not decode.
    public var before: FitFacts?
    public var after: FitFacts?
    /// The lossless steps of the chosen encoding.
    public var losslessSteps: [String] = []
    /// The lossy steps taken, for people: "palette of 96 colours, dithered", "12 of 24 frames", ...
    public var lossySteps: [String] = []
    public var colors: Int?
    public var dithered: Bool?
    /// Each frame of the GIF has a palette of `colors` of its own (local colour tables); nil without a palette.
    public var framePalettes: Bool?
    public var jpegQuality: Int?
    /// GIF's lossy LZW budget (100 is about one just-noticeable difference); nil when the GIF is exact.
    public var gifLossy: Int?
    /// The chosen output scored in full (nil when the bytes did not change).
    public var score: StickerScore?
    /// Settings encoded by the search.
    public var candidates = 0
    public var seconds = 0.0
    public var reason: String?
    public var hint: String?
    /// The new file's bytes; nil when the input's bytes are kept (unchanged, renamed) or nothing is written.
    public var bytes: [UInt8]?
    /// The first frame before and after, for the contact sheet, when asked for.
    public var previewBefore: RGBAImage?
    public var previewAfter: RGBAImage?

    init(path: String, outcome: Outcome) {
        self.path = path
        self.outcome = outcome
    }
}
