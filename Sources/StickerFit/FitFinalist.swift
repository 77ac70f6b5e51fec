import StickerQuality

/// A candidate the search's full-size ranking judged, as the bench's `--report-finalists` lists it: its knobs, its
/// ranking score (eight frames and the dropped ones at up to 618 px, not the written file's full score), and
/// whether it is the one written, which must rank first.
public struct FitFinalist: Sendable {
    public var knobs: FitKnobs
    /// Nil when it could not be scored (it then ranks last).
    public var score: StickerScore?
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
        for candidate in contenders where seen.insert(candidate.knobs).inserted {
            listed.append(
                FitFinalist(
                    knobs: candidate.knobs, score: ranking.score(candidate), handicap: handicap(candidate.knobs.format),
                    written: candidate.knobs == written))
        }
        if !seen.contains(written), let known = ranking.known(written) {
            listed.append(
                FitFinalist(knobs: written, score: known, handicap: handicap(written.format), written: true))
        }
        return listed
    }
}
