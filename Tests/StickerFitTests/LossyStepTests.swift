import Testing

@testable import StickerFit

@Suite("--allow lists")
struct LossyStepTests {
    @Test("Names, none, and refusals")
    func parse() {
        #expect(LossyStep.parseList("palette,frames") == [.palette, .frames])
        #expect(LossyStep.parseList(" Quality , format") == [.quality, .format])
        #expect(LossyStep.parseList("none") == [])
        #expect(LossyStep.parseList("colours") == nil)
        #expect(LossyStep.parseList("") == nil)
        #expect(LossyStep.parseList("none,palette") == nil)
    }
}
