import Foundation
import Testing

@Suite("stickerpack info, end to end")
struct InfoCommandTests {
    func json(_ result: CommandResult) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(value as? [[String: Any]])
    }

    @Test("JSON gives every documented key for an APNG")
    func apngJSON() throws {
        let result = try Stickerpack.run(["info", "--format", "json", Stickerpack.corpus("apng/pillow-apng/delay.png")])
        #expect(result.status == 0)
        let object = try #require(try json(result).first)
        for key in [
            "path", "format", "width", "height", "frames", "loopCount", "delaysMs", "durationMs", "hasAlpha",
            "transparentPixels", "bytes", "error",
        ] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(object["format"] as? String == "apng")
        #expect(object["frames"] as? Int == 4)
        #expect(object["error"] is NSNull)
        let delays = try #require(object["delaysMs"] as? [Double])
        #expect(delays.count == 4)
        #expect(object["durationMs"] as? Double == delays.reduce(0, +))
    }

    @Test("A bad file among good ones: every file reported, exit 1")
    func mixedFilesExitOne() throws {
        let result = try Stickerpack.run([
            "info", "--format", "json", Stickerpack.sample("Clean/cat.png"),
            Stickerpack.corpus("pngsuite/pngsuite/xcsn0g01.png"),
        ])
        #expect(result.status == 1)
        let objects = try json(result)
        #expect(objects.count == 2)
        #expect(objects[0]["error"] is NSNull)
        let error = try #require(objects[1]["error"] as? String)
        #expect(error.contains("CRC"))
    }

    @Test("Text output names the file, its format and size; an error comes with a hint")
    func textOutput() throws {
        let good = try Stickerpack.run(["info", Stickerpack.sample("Clean/wave.png")])
        #expect(good.status == 0)
        #expect(good.stdout.contains("APNG"))
        #expect(good.stdout.contains("408 x 408 px"))
        #expect(good.stdout.contains("8, loops forever"))

        let bad = try Stickerpack.run(["info", Stickerpack.corpus("pillow-tests/jpeg/truncated_jpeg.jpg")])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("truncated JPEG"))
        #expect(bad.stdout.contains("hint"))
    }

    @Test("Content decides the format, not the name: JPEG data in a .png")
    func sniffsByContent() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let fake = dir.appendingPathComponent("photo.png")
        try FileManager.default.copyItem(
            atPath: Stickerpack.corpus("libjpeg-turbo-testimages/testorig.jpg"), toPath: fake.path)
        let result = try Stickerpack.run(["info", "--format", "json", fake.path])
        #expect(result.status == 0)
        #expect(try json(result).first?["format"] as? String == "jpeg")
    }

    @Test("Unsupported and unreadable inputs: a clear error, exit 1, no stack trace")
    func unsupportedInputs() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let webp = dir.appendingPathComponent("a.png")
        try Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8).write(to: webp)
        let empty = dir.appendingPathComponent("empty.gif")
        try Data().write(to: empty)
        let folder = dir.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try Stickerpack.run([
            "info", webp.path, empty.path, folder.path, dir.appendingPathComponent("missing.png").path,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.contains("unsupported format: WebP image"))
        #expect(result.stdout.contains("empty file"))
        #expect(result.stdout.contains("it is a directory"))
        #expect(result.stdout.contains("no such file"))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test("Usage errors exit 2")
    func usageErrors() throws {
        #expect(try Stickerpack.run(["info"]).status == 2)
        #expect(try Stickerpack.run(["info", "--format", "yaml", "x.png"]).status == 2)
        #expect(try Stickerpack.run(["no-such-command"]).status == 2)
        let help = try Stickerpack.run(["info", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples"))
    }

    @Test("--header-only reads size and format without decoding pixels")
    func headerOnly() throws {
        let result = try Stickerpack.run([
            "info", "--header-only", "--format", "json", Stickerpack.corpus("pngsuite/pngsuite/basn6a08.png"),
        ])
        #expect(result.status == 0)
        let object = try #require(try json(result).first)
        #expect(object["width"] as? Int == 32)
        #expect(object["transparentPixels"] is NSNull)
    }
}
