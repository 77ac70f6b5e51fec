import Foundation
import StickerImage
import StickerSupport
import Testing

@testable import StickerLint

@Suite("Duplicates: hashed as candidates, confirmed by the pixels")
struct DuplicateTests {
    static let problems = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SamplePacks/Problems").path

    @Test("The same pixels in two files of different bytes: equal keys, confirmed as a duplicate")
    func realDuplicate() throws {
        let original = Self.problems + "/cat.png"
        let image = try ImageDecoder.decodeFile(at: original)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID().uuidString).png").path
        let encoded = try PNGEncoder.encode(image.frames[0].image)
        #expect(encoded.count != (try FileBytes.read(original, limit: 1 << 24)).count, "the copy's bytes differ")
        try Data(encoded).write(to: URL(fileURLWithPath: copy))
        let facts = [original, copy].map { StickerFacts.read(path: $0) }
        #expect(facts[0].pixelKey != nil && facts[0].pixelKey == facts[1].pixelKey)
        #expect(Duplicates.confirm(facts, limits: .default) == [1: original])
    }

    @Test("Equal keys over different pixels (a collision, forced here) are not reported")
    func collisionIsNotADuplicate() {
        var facts = ["cat.png", "boxed.png", "small.png"].map { StickerFacts.read(path: Self.problems + "/" + $0) }
        for index in facts.indices { facts[index].pixelKey = PixelKey(high: 7, low: 7) }
        #expect(Duplicates.confirm(facts, limits: .default).isEmpty)
    }

    @Test("A third copy points at the first one")
    func thirdCopy() {
        let paths = ["cat.png", "small.png", "cat2.png", "cat.png"].map { Self.problems + "/" + $0 }
        let confirmed = Duplicates.confirm(paths.map { StickerFacts.read(path: $0) }, limits: .default)
        #expect(confirmed == [2: paths[0], 3: paths[0]])
    }
}
