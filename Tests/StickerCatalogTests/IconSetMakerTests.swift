import Testing

@testable import StickerCatalog

@Suite("The iMessage app icon set")
struct IconSetMakerTests {
    @Test("Xcode's template: 13 slots, each with its pixel size (size in points times scale)")
    func slots() throws {
        #expect(IconSetMaker.slots.count == 13)
        let pixels = try IconSetMaker.slots.map {
            try #require(IconSetMaker.Slot.pixels(size: $0.size, scale: $0.scale))
        }
        #expect(pixels.contains { $0.width == 180 && $0.height == 135 })
        #expect(pixels.contains { $0.width == 1024 && $0.height == 768 })
        #expect(pixels.contains { $0.width == 1024 && $0.height == 1024 })
        #expect(IconSetMaker.Slot.pixels(size: "not-a-size", scale: 2) == nil)
    }
}
