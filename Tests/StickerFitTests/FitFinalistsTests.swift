import StickerImage
import StickerQuality
import Testing

@testable import StickerFit

@Suite("Each size's best, ranked again at full size")
struct FitFinalistsTests {
    @Test("Finalists rank by their full-size score, whichever the quick score ranks first, less a handicap")
    func ranksByFullScore() throws {
        let source = try TestImages.still()
        let options = FitOptions(byteLimit: 1_000_000, minQuality: 0, allowed: [.palette])
        let evaluator = try FitEvaluator(
            cache: FitCache(source: source), limit: 1_000_000, options: options, budget: FitWorkBudget())
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        func candidate(colors: Int) throws -> FitCandidate {
            let knobs = FitKnobs(geometry: base, frames: 1, format: .png, colors: colors)
            _ = evaluator.size(of: knobs)
            return try #require(evaluator.candidate(knobs))
        }
        let (rich, poor) = (try candidate(colors: 128), try candidate(colors: 4))
        let ranking = try FitFinalists(cache: evaluator.cache, sizes: [poor, rich])
        #expect(ranking.ranked([poor, rich]).map(\.knobs) == [rich.knobs, poor.knobs])
        #expect(ranking.ranked([rich, poor]).map(\.knobs) == [rich.knobs, poor.knobs])
        // A handicap larger than the gap turns the order round.
        let (richScore, poorScore) = (ranking.score(rich), ranking.score(poor))
        let gap = try #require(richScore).worst - (try #require(poorScore)).worst
        #expect(gap > 0)
        let handicapped = ranking.ranked([rich, poor]) { $0.knobs == rich.knobs ? gap + 1 : 0 }
        #expect(handicapped.map(\.knobs) == [poor.knobs, rich.knobs])
        // A still's ranking reads its one frame at full size: that is the full score, reused by the final step.
        let full = try StickerScorer(source: source, options: .full).score(base.art(of: rich.shown))
        #expect(ranking.fullScore(of: rich.knobs) == full)
    }

    @Test("The best is confirmed by full scores: a candidate bad on a frame the ranking does not read loses")
    func confirmedByFullScore() throws {
        let source = try TestImages.animation(frames: 12, delayMs: 50)
        let cache = FitCache(source: source)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        // The search's own score of a candidate is not what is tested: any score stands for it.
        let unscored = try StickerScorer(source: source, options: StickerScoreOptions(maximumFrames: 1)).score(source)
        func candidate(colors: Int, _ frames: [RGBAImage]) -> FitCandidate {
            var shown = source
            shown.frames = zip(frames, source.frames).map { AnimationFrame(image: $0, delayMs: $1.delayMs) }
            let knobs = FitKnobs(geometry: base, frames: frames.count, format: .png, colors: colors)
            return FitCandidate(knobs: knobs, bytes: [], shown: shown, score: unscored)
        }
        // Slightly off on every frame, against exact on all frames but one, which is gone.
        let dimmed = source.frames.map { frame in
            RGBAImage(
                width: frame.image.width, height: frame.image.height, pixels: frame.image.pixels.map { $0 / 8 * 8 })
        }
        let mild = candidate(colors: 64, dimmed)
        let ranking = try FitFinalists(cache: cache, sizes: [mild])
        let mildRank = try #require(ranking.score(mild)).worst
        let blank = RGBAImage(width: source.width, height: source.height)
        let missing = (0..<source.frames.count).lazy.map { gone in
            candidate(colors: 128 + gone, source.frames.enumerated().map { $0 == gone ? blank : $1.image })
        }
        let unread = try #require(missing.first { (ranking.score($0)?.worst ?? 0) > mildRank })
        #expect(ranking.ranked([unread, mild]).first?.knobs == unread.knobs)
        #expect(ranking.confirmedBest([unread, mild], handicap: { _ in 0 }, spare: nil)?.knobs == mild.knobs)
        let full = try #require(cache.fullScores[unread.knobs])
        #expect(full.worst < mildRank)
    }

    @Test("The search's finalists: one a cell searched, each within the limit, the chosen one in the cell of one")
    func finalists() throws {
        let (search, chosen) = try Self.searched(width: 618, height: 618)
        let cells = search.finalists.map { FitCell($0.knobs) }
        #expect(Set(cells.map(\.geometry)).count > 1 && Set(cells).count == cells.count)
        #expect(search.finalists.allSatisfy { $0.bytes.count <= Self.limit })
        #expect(search.finalists.contains { FitCell($0.knobs) == FitCell(chosen.knobs) })
    }

    @Test("Wide art is searched at the smaller sizes too, its short side brought to 300 px by margins")
    func wideArtShrinks() throws {
        let (search, _) = try Self.searched(width: 618, height: 348)
        // 408 px on the long side is 408x230 art: on a 408x300 canvas, where it fits untouched here.
        let sizes = search.finalists.map { [$0.knobs.geometry.artHeight, $0.shown.width, $0.shown.height] }
        #expect(sizes.contains([230, 408, 300]))
        #expect(search.finalists.allSatisfy { $0.bytes.count <= Self.limit && $0.shown.height >= 300 })
    }

    @Test("Every size is searched at each frame rate: a larger size keeps fewer frames where that looks better")
    func ratesAtEverySize() throws {
        // Four noisy 408 px frames at 30 ms: at 408 px two frames (each the blend of two) with 8 colours look better
        // than four with 4.
        let source = try TestImages.animation(frames: 4, width: 408, height: 408, delayMs: 30)
        let limit = Self.framesLimit
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette, .resize, .frames])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        _ = try #require(search.best(base: base, skip: nil).candidate)
        let smallest = try #require(([base] + base.smallerClasses()).last)
        let (there, larger) = (
            search.finalists.filter { $0.knobs.geometry == smallest },
            search.finalists.filter { $0.knobs.geometry != smallest }
        )
        // Each rate searched at the smallest size is a finalist of its own.
        #expect(!there.isEmpty && Set(there.map(\.knobs.frames)).count == there.count)
        #expect(
            larger.contains { $0.knobs.geometry == base && $0.knobs.frames == 2 }, "\(search.finalists.map(\.knobs))")
    }

    @Test("A smallest size held back by its palette is the only size searched")
    func heldBackByPalette() throws {
        // A smooth gradient at a tight limit: at 300 px 48 colours fit, scoring 21, far below what its pixels show.
        // Searched, the larger sizes fit fewer colours and score lower still (408 px: 8 colours, -35; 618 px: 4, -61).
        let source = try TestImages.still(width: 618, height: 618, noise: 4)
        let limit = Self.paletteLimit
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette, .resize])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        let chosen = try #require(search.best(base: base, skip: nil).candidate)
        let smallest = try #require(([base] + base.smallerClasses()).last)
        #expect(search.finalists.map(\.knobs.geometry) == [smallest])
        #expect(chosen.knobs.geometry == smallest)
    }

    static let paletteLimit = 12_000
    static let framesLimit = 30_000
    static let limit = 120_000

    /// A still of this size searched with palette and resize allowed, and the search's choice.
    static func searched(width: Int, height: Int) throws -> (FitSearch, FitCandidate) {
        let source = try TestImages.still(width: width, height: height)
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette, .resize])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        return (search, try #require(search.best(base: base, skip: nil).candidate))
    }
}
