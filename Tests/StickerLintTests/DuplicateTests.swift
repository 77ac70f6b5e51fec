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
        #expect(Duplicates.confirm(facts, limits: .default).sameAs == [1: original])
    }

    @Test("Equal keys over different pixels (a collision, forced here) are not reported")
    func collisionIsNotADuplicate() {
        var facts = ["cat.png", "boxed.png", "small.png"].map { StickerFacts.read(path: Self.problems + "/" + $0) }
        for index in facts.indices { facts[index].pixelKey = PixelKey(high: 7, low: 7) }
        let confirmed = Duplicates.confirm(facts, limits: .default)
        #expect(confirmed.sameAs.isEmpty && confirmed.failed.isEmpty)
    }

    @Test("A third copy points at the first one")
    func thirdCopy() {
        let paths = ["cat.png", "small.png", "cat2.png", "cat.png"].map { Self.problems + "/" + $0 }
        let confirmed = Duplicates.confirm(paths.map { StickerFacts.read(path: $0) }, limits: .default)
        #expect(confirmed.sameAs == [2: paths[0], 3: paths[0]])
    }

    @Test("A candidate removed or damaged after its facts were taken is reported as it is now, not passed over")
    func candidateChangedMidRun() throws {
        let folder = NSTemporaryDirectory() + "duplicates-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = Self.problems + "/cat.png"
        let removed = folder + "/removed.png"
        let damaged = folder + "/damaged.png"
        let image = try ImageDecoder.decodeFile(at: original)
        let copy = try PNGEncoder.encode(image.frames[0].image)
        for path in [removed, damaged] { try Data(copy).write(to: URL(fileURLWithPath: path)) }
        let facts = [original, removed, damaged].map { StickerFacts.read(path: $0) }
        #expect(Set(facts.map(\.pixelKey)).count == 1, "all three are candidates")
        try FileManager.default.removeItem(atPath: removed)
        try Data(copy.prefix(copy.count / 2)).write(to: URL(fileURLWithPath: damaged))

        let confirmed = Duplicates.confirm(facts, limits: .default)
        #expect(confirmed.sameAs.isEmpty)
        #expect(confirmed.failed[1]?.description == "cannot read file: no such file")
        #expect(confirmed.failed[2]?.kind == "malformed", "\(String(describing: confirmed.failed[2]))")
    }
}
