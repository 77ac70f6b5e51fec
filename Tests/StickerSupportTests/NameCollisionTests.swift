import Foundation
import Testing

@testable import StickerSupport

@Suite("Names a Mac's disk takes for one: case, Unicode normalisation, folders, files already there")
struct NameCollisionTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "collision-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("case and normalisation collide; the same bytes and different names do not")
    func pairs() {
        #expect(NameCollision.collide("Cat.png", "cat.png"))
        #expect(NameCollision.collide("caf\u{E9}.png", "cafe\u{301}.png"))
        #expect(NameCollision.collide("CAF\u{C9}.png", "cafe\u{301}.png"))
        #expect(!NameCollision.collide("cat.png", "cat.png"))
        #expect(!NameCollision.collide("cat.png", "cat.gif"))
        let found = NameCollision.pairs(in: ["a.png", "A.png", "b.png", "a.PNG"])
        #expect(found.map(\.second) == ["A.png", "a.PNG"])
        #expect(found.allSatisfy { $0.first == "a.png" })
    }

    @Test("before writing: two outputs, folders to be made, and a file already there")
    func beforeWriting() throws {
        let root = try Self.folder()
        #expect(NameCollision.beforeWriting([root + "/out/a.png", root + "/out/b.png"]).isEmpty)
        #expect(NameCollision.beforeWriting([root + "/out/a.png", root + "/out/A.png"]).count == 1)
        // Sub/ and sub/ do not exist yet: both would be made, and a Mac makes one.
        let folders = NameCollision.beforeWriting([root + "/out/Sub/a.png", root + "/out/sub/b.png"])
        #expect(folders == ["\(root)/out/Sub and \(root)/out/sub"])
        // The same output twice is one file, not a collision.
        #expect(NameCollision.beforeWriting([root + "/a.png", root + "/a.png"]).isEmpty)
        FileManager.default.createFile(atPath: root + "/Cat.png", contents: Data([1]))
        #expect(
            NameCollision.beforeWriting([root + "/cat.png"]) == ["\(root)/cat.png and \(root)/Cat.png (already there)"])
        // Writing over the file itself is not a collision.
        #expect(NameCollision.beforeWriting([root + "/Cat.png"]).isEmpty)
    }
}
