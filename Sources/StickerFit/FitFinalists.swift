import StickerImage
import StickerQuality

/// Candidates of different sizes ranked at full size: the quick score compares frames at half size, where a large
/// size's dithered palette blurs into smooth colour and outranks a smaller size with more colours (earth-618:
/// 53.7 quick, 29.4 in full, where the 300 px candidate scores 77). The finalists are scored at up to 618 px on
/// eight frames spread over the animation, and on the frames a candidate with fewer frames drops. Each candidate
/// is scored once (its score kept in the file's `FitCache`), so the search and the final step share the scores.
final class FitFinalists {
    static let frames = 8
    /// How many of the frames a candidate with fewer frames blends away are read too, those least like their blend:
    /// a long animation's worst frame is one of them, and four missed it (fireworks-burst ranked 33.4, -10.5 in full).
    static let droppedFrames = 16
    /// How far below the first size's full-size score another size's best may be and still be refined (lossy LZW,
    /// APNG) before the final ranking: refining a size costs a search of its own. cv-joint-618's 618 px GIF was 16.4
    /// behind and became, as an APNG, 9.7 ahead; hubble-zoom's 9.5 behind, 3 ahead.
    static let refinedGap = 30.0

    private let cache: FitCache
    private let scorer: StickerScorer
    /// The source frames the scorer reads beyond its spread: with them, what its scores are kept by.
    private let dropped: [Int]
    /// The first candidate that could not be scored, which then ranks last.
    private(set) var fault: FitStepError?

    /// A ranking for candidates of the frame counts of `sizes`.
    init(cache: FitCache, sizes: [FitCandidate]) throws(StickerScoreError) {
        self.cache = cache
        let source = cache.source
        dropped = Set(sizes.flatMap { source.farthestFromBlend($0.knobs.frames, limit: Self.droppedFrames) }).sorted()
        let options = StickerScoreOptions(maximumFrames: Self.frames)
        scorer = try StickerScorer(source: source, options: options, alsoScoring: dropped)
    }

    /// `candidates` best first by their full-size worst-frame score less `handicap`, then mean, then their order;
    /// those that cannot be scored last.
    func ranked(_ candidates: [FitCandidate], handicap: (FitCandidate) -> Double = { _ in 0 }) -> [FitCandidate] {
        let keyed = candidates.enumerated().map { order, candidate in
            let score = score(candidate)
            let worst = (score?.worst ?? -.infinity) - handicap(candidate)
            return (candidate: candidate, worst: worst, mean: score?.mean ?? -.infinity, order: -order)
        }
        return keyed.sorted { ($0.worst, $0.mean, $0.order) > ($1.worst, $1.mean, $1.order) }.map(\.candidate)
    }

    /// The full-size score of `candidate`, computed once; nil (noted) when it cannot be scored.
    func score(_ candidate: FitCandidate) -> StickerScore? {
        let key = FitCache.RankedKey(frames: dropped, knobs: candidate.knobs)
        if let known = cache.rankedScores[key] {
            cache.counts.rankedScores.hits += 1
            return known
        }
        do {
            let score = try scorer.score(candidate.knobs.geometry.art(of: candidate.shown))
            cache.counts.rankedScores.made += 1
            cache.rankedScores[key] = score
            return score
        } catch {
            fault = fault ?? .scoring(error)
            return nil
        }
    }

    /// The full-size worst-frame score of `pixels`, a cell's frames at `geometry` before any palette or encoding:
    /// the most a candidate of that cell can show; nil (noted) when they cannot be scored. Not kept (the scorer keeps
    /// only its frame pairs' scores).
    func ceiling(_ pixels: DecodedImage, geometry: OutputGeometry) -> Double? {
        do {
            return try scorer.score(geometry.art(of: pixels)).worst
        } catch {
            fault = fault ?? .scoring(error)
            return nil
        }
    }

    /// The best of `candidates` by their full score (every frame, at up to 618 px) less `handicap`, first of equals in
    /// `ranked`'s order. The ranking reads some frames of a long animation, and a candidate keeping fewer frames may
    /// look worst on one it does not read. A ranking's worst frame is never below the full score's (it reads some of
    /// the same frames), so candidates are scored in full best first only while one left could still rank higher.
    /// The full scores are kept in the file's cache for the final step. Nil when there are no candidates; the
    /// ranking's first when one cannot be scored in full (noted).
    func confirmedBest(
        _ candidates: [FitCandidate], handicap: (FitCandidate) -> Double, spare: SpareWorkers?
    ) -> FitCandidate? {
        let ranked = ranked(candidates, handicap: handicap)
        guard cache.source.frames.count > Self.frames else { return ranked.first }
        var best: (candidate: FitCandidate, worst: Double)?
        for candidate in ranked {
            guard let bound = score(candidate)?.worst else { break }
            if let best, bound - handicap(candidate) <= best.worst { break }
            do {
                let worst = try fullScore(candidate, spare: spare).worst - handicap(candidate)
                if worst > best?.worst ?? -.infinity { best = (candidate, worst) }
            } catch {
                fault = fault ?? .scoring(error)
                return ranked.first
            }
        }
        return best?.candidate ?? ranked.first
    }

    /// `candidate`'s full score, every frame at up to 618 px, made once and kept in the file's cache; the frames its
    /// ranking score read are not scored again (a short animation's ranking read them all).
    func fullScore(_ candidate: FitCandidate, spare: SpareWorkers?) throws(StickerScoreError) -> StickerScore {
        if let known = cache.fullScores[candidate.knobs] ?? fullScore(of: candidate.knobs) { return known }
        let art = candidate.knobs.geometry.art(of: candidate.shown)
        let score = try Self.scoredInFull(art, source: cache.source, known: known(candidate.knobs), spare: spare)
        cache.fullScores[candidate.knobs] = score
        return score
    }

    /// Every frame of `art` scored against `source`, but those `known` has, spread over a batch's idle workers. The
    /// source's side is not kept (a scorer is used once: a long animation's would take GBs).
    static func scoredInFull(
        _ art: DecodedImage, source: DecodedImage, known: StickerScore?, spare: SpareWorkers?
    ) throws(StickerScoreError) -> StickerScore {
        let scorer = try StickerScorer(source: source, options: .full, usedOnce: true)
        return try SpareWorkers.run(spare, upTo: source.frames.count - 1) { workers throws(StickerScoreError) in
            try scorer.score(art, workers: workers, known: known)
        }
    }

    /// `knobs`' score if it was computed: its frames are a full score's too.
    func known(_ knobs: FitKnobs) -> StickerScore? {
        cache.rankedScores[FitCache.RankedKey(frames: dropped, knobs: knobs)]
    }

    /// Whether `candidate`'s worst frame scores higher than `other`'s; false when either cannot be scored.
    func ranks(_ candidate: FitCandidate, above other: FitCandidate) -> Bool {
        guard let new = score(candidate), let old = score(other) else { return false }
        return new.worst > old.worst
    }

    /// `knobs`' score when it is the full score: a source of at most `frames` frames, every one read.
    func fullScore(of knobs: FitKnobs) -> StickerScore? {
        cache.source.frames.count <= Self.frames ? known(knobs) : nil
    }
}
