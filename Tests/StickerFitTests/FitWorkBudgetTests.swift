import Testing

@testable import StickerFit

@Suite("The work one file's search may take")
struct FitWorkBudgetTests {
    @Test("The first encoding is always allowed, however large; the next past the budget is not")
    func firstAlwaysAllowed() {
        var budget = FitWorkBudget(limit: 100)
        let first = budget.allowsEncoding(of: 1_000)
        #expect(first && budget.encodings == 1 && budget.spent == 1_000 && !budget.exhausted)
        let second = budget.allowsEncoding(of: 1)
        #expect(!second && budget.exhausted && budget.encodings == 1 && budget.spent == 1_000)
        #expect(FitWorkBudget().limit == 1_000_000_000)
    }

    @Test("Encodings and estimates count up to the budget; a request past it is refused and marks it exhausted")
    func pastTheBudget() {
        var budget = FitWorkBudget(limit: 100)
        let first = budget.allowsEncoding(of: 60)
        budget.spend(30)
        // Exactly at the budget is within it.
        let second = budget.allowsEncoding(of: 10)
        #expect(first && second && budget.spent == 100 && !budget.exhausted)
        let third = budget.allowsEncoding(of: 1)
        #expect(!third && budget.exhausted && budget.encodings == 2 && budget.spent == 100)
    }
}
