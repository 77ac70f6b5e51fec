import StickerQuality

/// A candidate the search's full-size ranking judged, as the bench's `--report-finalists` lists it: its knobs, its
/// score, and whether it is the one written, which must rank first. The score is the full score (every frame) where
/// the search made one to confirm its best, else the ranking's (eight frames and the dropped ones at up to 618 px),
/// which is never below the full score.
public struct FitFinalist: Sendable {
    public var knobs: FitKnobs
    /// Nil when it could not be scored (it then ranks last).
    public var score: StickerScore?
    /// Whether `score` reads every frame.
    public var scoredInFull: Bool
    /// Subtracted from its worst-frame score when ranked: another format than the source's must score higher.
    public var handicap: Double
    public var written: Bool
}

extension FitSearch {
    /// The candidates ranked for the best, and `written` (the search's best or the final step's richer setting, which
    /// the same ranking put above it), each with its ranking score. Empty when no ranking was made.
    func finalistsReport(written: FitKnobs) -> [FitFinalist] {
        guard let ranking else { return [] }
        var seen = Set<FitKnobs>()
        var listed: [FitFinalist] = []
        let full = evaluator.cache.fullScores
        for candidate in contenders where seen.insert(candidate.knobs).inserted {
            listed.append(
                FitFinalist(
                    knobs: candidate.knobs, score: full[candidate.knobs] ?? ranking.score(candidate),
                    scoredInFull: full[candidate.knobs] != nil, handicap: handicap(candidate.knobs.format),
                    written: candidate.knobs == written))
        }
        if !seen.contains(written), let known = full[written] ?? ranking.known(written) {
            listed.append(
                FitFinalist(
                    knobs: written, score: known, scoredInFull: full[written] != nil,
                    handicap: handicap(written.format),
                    written: true))
        }
        return listed
    }
}
