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

    @Test("The radix sort orders keys exactly as sort() does, at every size, with shared bytes and duplicates")
    func radixSortMatchesSort() {
        // A fixed sequence (a 64-bit LCG), so a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var cases: [[UInt64]] = [[], [7], (0..<65).map { _ in next() }, (0..<70_000).map { _ in next() }]
        // Median-cut keys: a value per point along one axis, indices in no particular order.
        cases.append((0..<5_000).map { _ in SortKey.make(Float(next() % 1000) / 999 - 0.5, Int32(next() % 60_000)) })
        // Keys differing only in their low bytes, and many duplicates.
        cases.append((0..<3_000).map { _ in 0xABCD_0000_0000_0000 | next() % 300 })
        cases.append((0..<1_000).map { _ in (next() % 3) << 56 })
        // Nearest-search rows: an entry's distances to all, indices in order (an odd number of byte passes).
        cases.append((0..<200).map { SortKey.make(Float(next() % 1000) / 999, Int32($0)) })
        for keys in cases {
            var sorted = keys
            SortKey.sort(&sorted)
            #expect(sorted == keys.sorted(), "\(keys.count) keys")
        }
    }
}
