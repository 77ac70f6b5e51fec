import Testing

@testable import StickerCatalog

@Suite("Colours written as #RRGGBB")
struct HexColourTests {
    @Test("With or without #, any case; anything else is refused")
    func parse() {
        #expect(HexColour.parse("#FFD93B") == SIMD3(255, 217, 59))
        #expect(HexColour.parse("00ff80") == SIMD3(0, 255, 128))
        for bad in ["#FFF", "#GGGGGG", "", "#FFFFFFF", "red"] { #expect(HexColour.parse(bad) == nil, "\(bad)") }
    }
}
