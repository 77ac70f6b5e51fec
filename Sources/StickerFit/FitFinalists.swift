import StickerImage
import StickerQuality

/// Candidates of different sizes ranked at full size: the quick score compares frames at half size, where a large
/// size's dithered palette blurs into smooth colour and outranks a smaller size with more colours (earth-618:
/// 53.7 quick, 29.4 in full, where the 300 px candidate scores 77). The finalists are scored at up to 618 px on
/// eight frames spread over the animation, and on the frames a candidate with fewer frames drops.
struct FitFinalists {
    static let frames = 8
    /// How many sizes' best settings are refined (lossy LZW, APNG) before the final ranking: refining every size
    /// costs a search of its own per size, and the third best exact setting is rarely the best refined one.
    static let leaders = 2
    /// How far below the first size's full-size score a second may be and still be refined (hubble-zoom: 9.5
    /// behind, refined to 3 ahead).
    static let refinedGap = 20.0

    private let source: DecodedImage
    private let scorer: StickerScorer
    private var scores: [FitKnobs: StickerScore] = [:]

    /// A ranking for candidates of the frame counts of `sizes`; nil when the source cannot be scored so.
    init?(source: DecodedImage, sizes: [FitCandidate]) {
        self.source = source
        let dropped = Set(sizes.flatMap { source.droppedFramesToScore(keeping: $0.knobs.frames) })
        let options = StickerScoreOptions(maximumFrames: Self.frames)
        guard let scorer = try? StickerScorer(source: source, options: options, alsoScoring: dropped.sorted())
        else { return nil }
        self.scorer = scorer
    }

    /// `candidates` best first by their full-size score, less `handicap` each; those that cannot be scored last.
    mutating func ranked(_ candidates: [FitCandidate], handicap: (FitCandidate) -> Double = { _ in 0 })
        -> [FitCandidate]
    {
        let scored = candidates.map { candidate in (candidate, score(candidate)) }
        return scored.enumerated().sorted { a, b in
            switch (a.element.1, b.element.1) {
            case (let x?, let y?):
                let (left, right) = (x.worst - handicap(a.element.0), y.worst - handicap(b.element.0))
                if left != right { return left > right }
                if x.mean != y.mean { return x.mean > y.mean }
                return a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element.0)
    }

    /// The full-size score of `candidate`, computed once.
    mutating func score(_ candidate: FitCandidate) -> StickerScore? {
        if let known = scores[candidate.knobs] { return known }
        let score = try? scorer.score(candidate.knobs.geometry.art(of: candidate.shown))
        scores[candidate.knobs] = score
        return score
    }

    /// `knobs`' score when it is the full score: a source of at most `frames` frames, every one read.
    func fullScore(of knobs: FitKnobs) -> StickerScore? {
        source.frames.count <= Self.frames ? scores[knobs] : nil
    }
}
