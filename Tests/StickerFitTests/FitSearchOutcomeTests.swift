import StickerImage
import Testing

@testable import StickerFit

@Suite("What the search found, or why it found nothing")
struct FitSearchOutcomeTests {
    /// The search over a noisy 300 px still, `limit` bytes and palettes allowed.
    static func outcome(limit: Int, budget: FitWorkBudget = FitWorkBudget()) throws -> (FitSearch.Outcome, FitSearch) {
        let source = try TestImages.still()
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options, budget: budget)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        return (search.best(base: base, skip: nil), search)
    }

    @Test("A limit nothing comes within: nothing fits, with no fault, and the smallest tried is over it")
    func nothingFits() throws {
        let (outcome, search) = try Self.outcome(limit: 80)
        guard case .nothingFits(let fault) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(fault == nil)
        #expect(try #require(search.smallest) > 80)
        #expect(search.encodings > 1)
    }

    @Test("A budget spent at the first encoding: the search stops there and says so")
    func budgetSpent() throws {
        let (outcome, search) = try Self.outcome(limit: 80, budget: FitWorkBudget(limit: 1))
        guard case .budgetSpent(let fault) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(fault == nil)
        #expect(search.encodings == 1)
    }

    @Test("A limit that fits: the candidate found is within it")
    func found() throws {
        let (outcome, _) = try Self.outcome(limit: 60_000)
        let candidate = try #require(outcome.candidate)
        #expect(candidate.bytes.count <= 60_000)
    }
}
