import Foundation
import Testing

/// The frames of a `.stickersequence` fitted, by `build --fit` and by `fit` on a catalog: every frame into
/// 300-618 px by one rule, so the sequence keeps one size, its frame count and its order.
@Suite("fit and build --fit on sequences")
struct FitSequenceTests {
    typealias Files = FitCommandTests

    /// A folder of art holding `blink/`: three 150 px frames (cat, star, cat), made with `stickerpack resize`.
    func smallFrames() throws -> String {
        let dir = try Stickerpack.temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: dir + "/art/blink", withIntermediateDirectories: true)
        for (index, name) in ["cat.png", "star.png", "cat.png"].enumerated() {
            let small = try Stickerpack.run([
                "resize", Stickerpack.sample("Clean/" + name), "-o", dir + "/art/blink/f\(index + 1).png", "--width",
                "150",
            ])
            #expect(small.status == 0, "\(small.stderr)")
        }
        return dir
    }

    /// Each frame's width and height, by `stickerpack info`.
    func sizes(_ files: [String]) throws -> [[Int]] {
        let info = try Stickerpack.run(["info", "--format", "json", "--header-only"] + files)
        let facts = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])
        return facts.map { [$0["width"] as? Int ?? 0, $0["height"] as? Int ?? 0] }
    }

    func expectFitted(_ sequence: String) throws {
        let written = Files.names(sequence).filter { $0.hasSuffix(".png") }
        #expect(written == ["blink-0.png", "blink-1.png", "blink-2.png"])
        #expect(try sizes(written.map { sequence + "/" + $0 }) == Array(repeating: [300, 300], count: 3))
        // The frames keep their order: the middle one is the star.
        #expect(Files.bytes(sequence + "/blink-0.png") == Files.bytes(sequence + "/blink-2.png"))
        #expect(Files.bytes(sequence + "/blink-0.png") != Files.bytes(sequence + "/blink-1.png"))
    }

    @Test("build --fit: the frames are fitted with the stickers, and the catalog lints clean")
    func buildFit() throws {
        let dir = try smallFrames()
        #expect(try Stickerpack.run(["build", dir + "/art", "-o", dir + "/S.xcstickers"]).status == 1)
        let result = try Stickerpack.run(["build", dir + "/art", "-o", dir + "/S.xcstickers", "--fit"])
        #expect(result.status == 0, "\(result.stderr)")
        try expectFitted(dir + "/S.xcstickers/Sticker Pack.stickerpack/blink.stickersequence")
        let lint = try Stickerpack.run(["lint", dir + "/S.xcstickers"])
        #expect(lint.status == 0, "\(lint.stdout)")
    }

    @Test("fit on a catalog: a sequence's frames come out at one size, in order")
    func fitCatalog() throws {
        let dir = try smallFrames()
        let built = try Stickerpack.run(["build", dir + "/art", "-o", dir + "/S.xcstickers", "--allow-errors"])
        #expect(built.status == 0, "\(built.stderr)")
        let fitted = try Stickerpack.run(["fit", dir + "/S.xcstickers", "-o", dir + "/Out"])
        #expect(fitted.status == 0, "\(fitted.stdout)\(fitted.stderr)")
        try expectFitted(dir + "/Out/S.xcstickers/Sticker Pack.stickerpack/blink.stickersequence")
    }
}
