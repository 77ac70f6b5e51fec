import StickerSupport
import Testing

@testable import StickerBuild

@Suite("Sticker names and labels")
struct StickerNamingTests {
    @Test(
        "Safe names keep letters, digits, spaces, - and _; the rest becomes -; never empty or hidden",
        arguments: [
            ("happy cat", "happy cat"), ("a/b:c", "a-b-c"), ("../secret", "secret"), (".hidden", "hidden"),
            ("***", "sticker"), ("", "sticker"), ("Émoji_1", "Émoji_1"),
        ])
    func safeName(_ raw: String, _ expected: String) {
        #expect(StickerNaming.safeName(raw) == expected)
    }

    @Test("Names unique when case is ignored, by -2, -3 suffixes, in order")
    func uniqued() {
        #expect(
            StickerNaming.uniqued(["cat", "Cat", "CAT", "dog", "cat-2"]) == ["cat", "Cat-2", "CAT-3", "dog", "cat-2-2"])
    }

    @Test(
        "Readable labels from file names",
        arguments: [("happy_cat-2", "Happy cat 2"), ("thumbsUp", "Thumbs up"), ("", "")])
    func readableLabel(_ name: String, _ expected: String) {
        #expect(StickerNaming.readableLabel(name) == expected)
    }

    @Test("Natural order puts sticker2 before sticker10")
    func naturalOrder() {
        let sorted = ["sticker10", "sticker2", "Sticker1"].sorted(by: FolderListing.naturalLess)
        #expect(sorted == ["Sticker1", "sticker2", "sticker10"])
    }
}
