import StickerPalette
import Testing

@testable import StickerFit

@Suite("Recent quantisations and files within a byte budget")
struct RecentItemsTests {
    /// `frames` frames of 10x10 indices, all `index`: 100 bytes a frame.
    static func image(_ index: UInt8, frames: Int = 1) -> QuantizedImage {
        QuantizedImage(
            palette: Palette(colors: []), width: 10, height: 10,
            indices: Array(repeating: [UInt8](repeating: index, count: 100), count: frames))
    }

    @Test("the oldest go first past the budget; the newest stays even alone over it")
    func oldestFirst() {
        var recent = RecentItems<Int, QuantizedImage>(budget: 250)
        recent.add(Self.image(1), for: 1)
        recent.add(Self.image(2), for: 2)
        #expect(recent[1] == Self.image(1) && recent[2] == Self.image(2))
        recent.add(Self.image(3), for: 3)
        #expect(recent[1] == nil, "300 bytes: the oldest is dropped")
        #expect(recent[2] == Self.image(2) && recent[3] == Self.image(3))
        recent.add(Self.image(4, frames: 3), for: 4)
        #expect(recent[2] == nil && recent[3] == nil)
        #expect(recent[4] == Self.image(4, frames: 3), "kept alone, over the budget")
    }

    @Test("files count their bytes: the oldest go first past the budget")
    func files() {
        var recent = RecentItems<Int, [UInt8]>(budget: 10)
        recent.add([1, 2, 3, 4, 5, 6], for: 1)
        recent.add([7, 8, 9, 10], for: 2)
        #expect(recent[1] == [1, 2, 3, 4, 5, 6] && recent[2] == [7, 8, 9, 10])
        recent.add([11], for: 3)
        #expect(recent[1] == nil && recent[2] == [7, 8, 9, 10] && recent[3] == [11])
    }
}
