import Foundation
import StickerImage
import Testing

@Suite("stickerpack variants, icons and resize, end to end")
struct VariantCommandsTests {
    func info(_ path: String) throws -> [String: Any] {
        let result = try Stickerpack.run(["info", "--format", "json", path])
        #expect(result.status == 0, "\(path): \(result.stdout)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return try #require(array.first)
    }

    @Test("variants writes @3x (a copy), @2x and @1x in each input's format, animations kept")
    func variants() throws {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("out").path
        let result = try Stickerpack.run([
            "variants", Stickerpack.sample("Clean"), Stickerpack.sample("Problems/fast.gif"), "-o", dir,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: dir + "/cat@3x.png"))
                == Data(contentsOf: URL(fileURLWithPath: Stickerpack.sample("Clean/cat.png"))))
        let cat2 = try info(dir + "/cat@2x.png")
        #expect(cat2["width"] as? Int == 272 && cat2["height"] as? Int == 272)
        let wave1 = try info(dir + "/wave@1x.png")
        #expect(wave1["format"] as? String == "apng")
        #expect(wave1["width"] as? Int == 136)
        #expect(wave1["frames"] as? Int == 8)
        #expect(wave1["loopCount"] as? Int == 0)
        #expect(wave1["delaysMs"] as? [Double] == Array(repeating: 90, count: 8))
        let gif = try info(dir + "/fast@2x.gif")
        #expect(gif["format"] as? String == "gif")
        #expect(gif["frames"] as? Int == 4)
    }

    @Test("variants names files by their content: JPEG data in a .png gives .jpg variants, an .apng gives .png")
    func namedByContent() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let result = try Stickerpack.run([
            "variants", Stickerpack.sample("Problems/photo-in-disguise.png"), Stickerpack.sample("Problems/wave.apng"),
            "-o", dir,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(
            names == [
                "photo-in-disguise@1x.jpg", "photo-in-disguise@2x.jpg", "photo-in-disguise@3x.jpg", "wave@1x.png",
                "wave@2x.png", "wave@3x.png",
            ])
    }

    @Test("variants refuses to overwrite without --force and writes nothing")
    func noOverwrite() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        #expect(try Stickerpack.run(["variants", Stickerpack.sample("Clean/cat.png"), "-o", dir]).status == 0)
        let path = dir + "/cat@2x.png"
        try Data("sentinel".utf8).write(to: URL(fileURLWithPath: path))
        let again = try Stickerpack.run(["variants", Stickerpack.sample("Clean/cat.png"), "-o", dir])
        #expect(again.status == 1)
        #expect(again.stderr.contains("--force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "sentinel")
        #expect(
            try Stickerpack.run(["variants", Stickerpack.sample("Clean/cat.png"), "-o", dir, "--force"]).status == 0)
        #expect(try info(path)["width"] as? Int == 272)
    }

    @Test("variants: a bad sticker fails alone; --scales is checked")
    func badInput() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let result = try Stickerpack.run([
            "variants", Stickerpack.sample("Problems/truncated.png"), Stickerpack.sample("Clean/star.png"), "-o", dir,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("truncated.png"))
        #expect(FileManager.default.fileExists(atPath: dir + "/star@1x.png"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/truncated@2x.png"))
        #expect(
            try Stickerpack.run(["variants", Stickerpack.sample("Clean"), "-o", dir, "--scales", "2,x"]).status == 2)
        for bad in ["13", "9x", "zlib"] {
            let run = try Stickerpack.run(["variants", Stickerpack.sample("Clean"), "-o", dir, "--compression", bad])
            #expect(run.status == 2, "--compression \(bad)")
        }
    }

    @Test("--compression max and 0 write the same pixels as the default, max no larger")
    func compressionLevels() throws {
        var sizes: [String: Int] = [:]
        var pixels: [String: [UInt8]] = [:]
        for level in ["0", "fast", "max"] {
            let dir = try Stickerpack.temporaryDirectory().path
            let run = try Stickerpack.run([
                "variants", Stickerpack.sample("Clean/cat.png"), "-o", dir, "--compression", level,
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let path = dir + "/cat@2x.png"
            sizes[level] = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            pixels[level] = try ImageDecoder.decodeFile(at: path).frames[0].image.pixels
        }
        #expect(pixels["0"] == pixels["fast"] && pixels["max"] == pixels["fast"])
        #expect(sizes["max"]! <= sizes["fast"]! && sizes["fast"]! < sizes["0"]!)
    }

    @Test("icons makes 13 images of the right sizes; the set lints clean in a catalog")
    func icons() throws {
        let root = try Stickerpack.temporaryDirectory().appendingPathComponent("Stickers.xcstickers")
        let pack = root.appendingPathComponent("Sticker Pack.stickerpack")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1}}"#.write(
            to: root.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try #"{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"},"stickers":[]}"#.write(
            to: pack.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let icons = root.appendingPathComponent("iMessage App Icon.stickersiconset").path
        let result = try Stickerpack.run(["icons", Stickerpack.sample("Clean/star.png"), "-o", icons, "--fit", "cover"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: icons)
        #expect(names.filter { $0.hasSuffix(".png") }.count == 13)
        let marketing = try info(icons + "/ios-marketing-1024x768@1x.png")
        #expect(marketing["hasAlpha"] as? Bool == false)
        #expect(marketing["width"] as? Int == 1024 && marketing["height"] as? Int == 768)
        let lint = try Stickerpack.run(["lint", root.path, "--format", "json"])
        #expect(!lint.stdout.contains("\"app-icon\""), "\(lint.stdout)")
        // A second run refuses to replace the set without --force.
        #expect(try Stickerpack.run(["icons", Stickerpack.sample("Clean/star.png"), "-o", icons]).status == 1)
        #expect(
            try Stickerpack.run(["icons", Stickerpack.sample("Clean/star.png"), "-o", icons, "--force"]).status == 0)
    }

    @Test("resize keeps the aspect ratio, the animation, and refuses to overwrite")
    func resize() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let out = dir + "/wide.png"
        let result = try Stickerpack.run([
            "resize", Stickerpack.sample("Problems/wide.png"), "-o", out, "--width", "204",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let facts = try info(out)
        #expect(facts["width"] as? Int == 204 && facts["height"] as? Int == 150)
        #expect(
            try Stickerpack.run(["resize", Stickerpack.sample("Problems/wide.png"), "-o", out, "--width", "100"]).status
                == 1)
        let gif = dir + "/wave.gif"
        #expect(
            try Stickerpack.run([
                "resize", Stickerpack.sample("Clean/wave.png"), "-o", gif, "--width", "100", "--height", "80",
            ]).status == 0)
        let animated = try info(gif)
        #expect(
            animated["frames"] as? Int == 8 && animated["height"] as? Int == 80
                && animated["format"] as? String == "gif")
        #expect(
            try Stickerpack.run(["resize", Stickerpack.sample("Clean/cat.png"), "-o", dir + "/x.webp", "--width", "10"])
                .status == 2)
    }
}
