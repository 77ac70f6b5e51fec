import StickerImage
import StickerQuality
import Testing

@testable import StickerFit

@Suite("Each size's best, ranked again at full size")
struct FitFinalistsTests {
    @Test("The finalist scoring best at full size is picked, whichever the search chose; one finalist is kept")
    func picksTheBetter() throws {
        let source = try TestImages.still()
        let options = FitOptions(byteLimit: 1_000_000, minQuality: 0, allowed: [.palette])
        let evaluator = try FitEvaluator(source: source, limit: 1_000_000, options: options, budget: FitWorkBudget())
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        func candidate(colors: Int) throws -> FitCandidate {
            let knobs = FitKnobs(geometry: base, frames: 1, format: .png, colors: colors)
            _ = evaluator.size(of: knobs)
            return try #require(evaluator.candidate(knobs))
        }
        let (rich, poor) = (try candidate(colors: 128), try candidate(colors: 4))
        #expect(FitFinalists.pick([poor, rich], chosen: poor, source: source).candidate.knobs == rich.knobs)
        #expect(FitFinalists.pick([rich, poor], chosen: poor, source: source).candidate.knobs == rich.knobs)
        #expect(FitFinalists.pick([poor], chosen: poor, source: source).candidate.knobs == poor.knobs)
        // A still's ranking reads its one frame at full size: that is the full score, reused by the final step.
        let full = try StickerScorer(source: source, options: .full).score(base.art(of: rich.shown))
        #expect(FitFinalists.pick([poor, rich], chosen: poor, source: source).fullScore == full)
        #expect(FitFinalists.pick([poor], chosen: poor, source: source).fullScore == nil)
    }

    @Test("The search's finalists: one a size, each within the limit, the chosen one among them")
    func finalists() throws {
        let source = try TestImages.still(width: 618, height: 618)
        let limit = 120_000
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette, .resize])
        let search = try FitSearch(source: source, limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        let chosen = try #require(search.best(base: base, skip: nil).candidate)
        let sizes = search.finalists.map(\.knobs.geometry)
        #expect(search.finalists.count > 1 && Set(sizes).count == sizes.count)
        #expect(search.finalists.allSatisfy { $0.bytes.count <= limit })
        #expect(search.finalists.contains { $0.knobs == chosen.knobs })
    }
}
