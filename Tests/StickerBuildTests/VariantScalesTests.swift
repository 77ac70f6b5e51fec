import Testing

@testable import StickerBuild

@Suite("variants --scales")
struct VariantScalesTests {
    @Test("A comma-separated list of 1, 2 or 3; an empty item, another number or a word is refused")
    func parse() throws {
        #expect(try VariantWriter.parseScales("2,1") == [2, 1])
        #expect(try VariantWriter.parseScales(" 3 ") == [3])
        for bad in ["", "2,,1", "4", "0", "2,x", "two"] {
            #expect(throws: (any Error).self, "\(bad)") { try VariantWriter.parseScales(bad) }
        }
    }
}
