import StickerImage
import StickerPalette
import StickerQuality

/// One setting of the lossy knobs: the size, the frames kept, the format, the palette, GIF's lossy LZW budget or the
/// JPEG quality.
public struct FitKnobs: Hashable, Sendable {
    public internal(set) var geometry: OutputGeometry
    public internal(set) var frames: Int
    public internal(set) var format: ImageFormat
    /// Palette size; nil keeps every colour.
    public internal(set) var colors: Int?
    public internal(set) var dithered = false
    /// Each frame of a GIF its own palette of `colors` (local colour tables, `FramePalettes`), not one for all.
    public internal(set) var framePalettes = false
    /// GIF's lossy LZW budget (`GIFEncoder.encode`'s `lossy`): how far a pixel may stray to a close palette colour
    /// for a shorter stream; 0 is exact.
    public internal(set) var lossy = 0
    /// JPEG quality; nil for the other formats.
    public internal(set) var quality: Int?
}

/// An encoded output and how it looks beside the source.
struct FitCandidate: Sendable {
    var knobs: FitKnobs
    var bytes: [UInt8]
    /// What the file shows, decoded back (so GIF's 1-bit alpha and JPEG's loss are what gets scored).
    var shown: DecodedImage
    var score: StickerScore

    /// Higher worst-frame score first, then higher mean, then fewer bytes.
    func isBetter(than other: FitCandidate?) -> Bool {
        guard let other else { return true }
        if score.worst == other.score.worst && score.mean == other.score.mean { return bytes.count < other.bytes.count }
        return Self.beats(score, other)
    }

    /// Whether a candidate scoring `score` may be better than `other` (`isBetter`) before its bytes are known: an
    /// equal score leaves it to the bytes.
    static func beats(_ score: StickerScore, _ other: FitCandidate) -> Bool {
        if score.worst != other.score.worst { return score.worst > other.score.worst }
        return score.mean >= other.score.mean
    }
}

extension Array where Element == FitCandidate {
    /// The best of the candidates (`isBetter`), the first among equals.
    var best: FitCandidate? { reduce(nil) { $1.isBetter(than: $0) ? $1 : $0 } }
}
