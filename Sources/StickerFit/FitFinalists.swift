import StickerImage
import StickerQuality

/// The search's best candidate of each size, ranked again at full size: the quick score compares frames at half
/// size, where a large size's dithered palette blurs into smooth colour and outranks a smaller size with more
/// colours (earth-618: 53.7 quick, 29.4 in full, where the 300 px candidate scores 77). The finalists are scored
/// at up to 618 px on eight frames spread over the animation, and on the frames a candidate with fewer frames
/// drops.
enum FitFinalists {
    static let frames = 8

    /// The finalist that scores best at full size; the search's choice when there is one finalist or the score
    /// fails. `chosen` is the search's choice, one of `finalists`. `fullScore` is the pick's score when it is
    /// the full score (a source of at most `frames` frames, every one read), so it need not be computed again.
    static func pick(_ finalists: [FitCandidate], chosen: FitCandidate, source: DecodedImage) -> (
        candidate: FitCandidate, fullScore: StickerScore?
    ) {
        guard finalists.count > 1 else { return (chosen, nil) }
        let dropped = Set(finalists.flatMap { source.droppedFramesToScore(keeping: $0.knobs.frames) })
        let options = StickerScoreOptions(maximumFrames: frames)
        guard let scorer = try? StickerScorer(source: source, options: options, alsoScoring: dropped.sorted())
        else { return (chosen, nil) }
        var best: (candidate: FitCandidate, score: StickerScore)?
        for finalist in finalists {
            guard let score = try? scorer.score(finalist.knobs.geometry.art(of: finalist.shown)) else { continue }
            if let current = best, !isBetter(score, than: current.score) { continue }
            best = (finalist, score)
        }
        guard let best else { return (chosen, nil) }
        return (best.candidate, source.frames.count <= frames ? best.score : nil)
    }

    private static func isBetter(_ a: StickerScore, than b: StickerScore) -> Bool {
        a.worst != b.worst ? a.worst > b.worst : a.mean > b.mean
    }
}
