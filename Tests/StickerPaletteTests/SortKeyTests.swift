import Testing

@testable import StickerPalette

@Suite("SortKey")
struct SortKeyTests {
    @Test("Keys sort as (value, index) pairs do: negatives, zeros of both signs, ties, extremes")
    func ordersAsPairs() {
        var values: [Float] = [
            0, -0.0, 1, -1, 0.5, -0.5, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .infinity, -.infinity, 1e-30, -1e-30, 3.25, 3.25, -3.25, -3.25,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Float.random(in: -2...2, using: &generator)) }
        // Many ties on the values, told apart by the index.
        for n in 0..<200 { values.append(Float(n % 5) - 2) }
        let pairs = values.enumerated().map { (value: $0.element, index: Int32($0.offset)) }
        let expected = pairs.sorted { ($0.value, $0.index) < ($1.value, $1.index) }.map(\.index)
        let keyed = pairs.map { SortKey.make($0.value, $0.index) }.sorted().map(SortKey.index)
        #expect(keyed == expected)
    }
}
