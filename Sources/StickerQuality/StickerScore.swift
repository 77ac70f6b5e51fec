/// The background a sticker is scored over: Messages shows stickers on light and dark bubbles and
/// wallpapers, so a candidate must hold up on both.
public enum ScoreBackground: String, CaseIterable, Sendable {
    /// White (#FFFFFF).
    case light
    /// iOS's dark system background (#1C1C1E).
    case dark

    public var color: RGBColor {
        switch self {
        case .light: return RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)
        case .dark: return RGBColor(red: 0x1C, green: 0x1C, blue: 0x1E)
        }
    }
}

/// How thoroughly to score: `full` for the output `fit` chooses, `quick` for its search.
public struct StickerScoreOptions: Equatable, Sendable {
    /// Frames are scored at the source's size, scaled down (aspect kept) so the longer side is at most this.
    public var maximumSide: Int
    /// Score at most this many source frames, spread over the animation (nil: every frame).
    public var maximumFrames: Int?

    public init(maximumSide: Int = 618, maximumFrames: Int? = nil) {
        precondition(maximumSide >= SSIMULACRA2.minimumSide, "the metric needs at least 8 px a side")
        precondition(maximumFrames.map { $0 > 0 } ?? true, "at least one frame must be scored")
        self.maximumSide = maximumSide
        self.maximumFrames = maximumFrames
    }

    /// Every frame at up to 618 px: the @3x size of the largest sticker class.
    public static let full = StickerScoreOptions()
    /// Half the size (a quarter of the pixels) and at most four frames: for ranking candidates.
    public static let quick = StickerScoreOptions(maximumSide: 309, maximumFrames: 4)
}

/// How a candidate output looks beside its source: SSIMULACRA2 of every scored source frame against the
/// candidate frame shown at the same moment, over each background.
public struct StickerScore: Equatable, Sendable {
    /// The lowest score of any frame over any background: what the worst moment looks like.
    public var worst: Double
    /// The mean of every (frame, background) score.
    public var mean: Double
    /// The source frame (index into the source's frames) and background of the worst score.
    public var worstFrame: Int
    public var worstBackground: ScoreBackground
    /// How many source frames were scored (each over every background).
    public var framesScored: Int
    /// The size the frames were compared at.
    public var width: Int
    public var height: Int
    /// Each scored source frame's scores (by frame index), over each background in `ScoreBackground.allCases` order:
    /// what a later score of the same candidate at the same size takes instead of computing them again.
    public var frameScores: [Int: [Double]] = [:]
}

public enum StickerScoreError: Error, Equatable, Sendable {
    /// The source or the candidate has no frames.
    case noFrames
    /// The scoring size is under the metric's 8 px a side.
    case tooSmall(width: Int, height: Int)
}

extension StickerScoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noFrames:
            return "there are no frames to score"
        case .tooSmall(let width, let height):
            return "scored at \(width) x \(height) px, under the \(SSIMULACRA2.minimumSide) px a side the metric needs"
        }
    }
}
