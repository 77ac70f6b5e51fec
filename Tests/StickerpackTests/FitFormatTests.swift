import Foundation
import StickerImage
import StickerSupport
import Testing

/// fit's default for animated GIFs: an APNG where it scores higher within the limit, renamed `.png` (in a
/// catalog's Contents.json too); an explicit --allow without `format` keeps GIF. Through the real binary, on a
/// GIF nobody here made (image-gif-tests' moon_impact.gif: 116x100, 14 frames, grown to 300 px by fit).
@Suite("fit turns an animated GIF into an APNG where that scores higher")
struct FitFormatTests {
    static let moon = Stickerpack.corpus("image-gif-tests/samples/moon_impact.gif")
    /// A limit under which moon_impact's best GIF is a small palette and the APNG holds more colours.
    static let limit = "150000"

    static func report(_ stdout: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        let files = try #require(object?["files"] as? [[String: Any]])
        return try #require(files.first)
    }

    @Test("By default the GIF becomes moon_impact.png, an APNG of the same duration, and the report says why")
    func becomesAPNG() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let before = try FileBytes.read(Self.moon, limit: 1 << 24)
        let result = try Stickerpack.run([
            "fit", Self.moon, "-o", dir, "--byte-limit", Self.limit, "--min-quality", "0", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let file = try Self.report(result.stdout)
        #expect((file["after"] as? [String: Any])?["format"] as? String == "apng")
        let steps = try #require(file["lossySteps"] as? [String])
        #expect(steps.contains { $0.hasPrefix("GIF to APNG: it scores higher") })
        #expect(FitCommandTests.names(dir) == ["moon_impact.png"])
        let written = try ImageDecoder.decode(FileBytes.read(dir + "/moon_impact.png", limit: 1 << 24))
        let source = try ImageDecoder.decode(before)
        #expect(written.format == .apng && written.durationMs == source.durationMs)
        #expect(try FileBytes.read(dir + "/moon_impact.png", limit: 1 << 24).count <= 150_000)
        #expect(try FileBytes.read(Self.moon, limit: 1 << 24) == before)
    }

    @Test("--allow without format keeps the GIF a GIF")
    func allowListKeepsGIF() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let result = try Stickerpack.run([
            "fit", Self.moon, "-o", dir, "--byte-limit", Self.limit, "--min-quality", "0", "--format", "json",
            "--allow", "palette,frames,resize,quality",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect((try Self.report(result.stdout)["after"] as? [String: Any])?["format"] as? String == "gif")
        #expect(FitCommandTests.names(dir) == ["moon_impact.gif"])
    }

    @Test("In a catalog, Contents.json follows the new name, and the output catalog lints without errors")
    func catalogFollows() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.moon, toPath: dir + "/art/moon_impact.gif")
        let catalog = dir + "/Stickers.xcstickers"
        // 116x100 px is under 300: the catalog is built with that error, for fit to mend.
        let build = try Stickerpack.run(["build", dir + "/art", "-o", catalog, "--allow-errors"])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        let result = try Stickerpack.run([
            "fit", catalog, "-o", dir + "/out", "--byte-limit", Self.limit, "--min-quality", "0",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let written = dir + "/out/Stickers.xcstickers"
        let stickers = try #require(
            FileManager.default.enumerator(atPath: written)?.compactMap { $0 as? String }
                .filter { $0.hasSuffix(".sticker") })
        #expect(stickers.count == 1)
        let sticker = written + "/" + stickers[0]
        #expect(FitCommandTests.names(sticker) == ["Contents.json", "moon_impact.png"])
        let contents = try String(contentsOfFile: sticker + "/Contents.json", encoding: .utf8)
        #expect(contents.contains("\"moon_impact.png\"") && !contents.contains("moon_impact.gif"))
        let lint = try Stickerpack.run(["lint", written])
        #expect(lint.status == 0, "\(lint.stdout)")
    }
}
