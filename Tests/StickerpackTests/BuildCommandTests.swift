import Foundation
import Testing

@Suite("stickerpack build, end to end")
struct BuildCommandTests {
    /// A folder of art: the clean sample pack, a folder of frames, a labels file.
    func art() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("Art")
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean"), toPath: dir.path)
        let frames = dir.appendingPathComponent("blink")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for i in [1, 2, 10] {
            try FileManager.default.copyItem(
                atPath: Stickerpack.sample("Clean/cat.png"), toPath: frames.appendingPathComponent("f\(i).png").path)
        }
        try "wave: Waving hello\n".write(
            to: dir.appendingPathComponent("labels.yml"), atomically: true, encoding: .utf8)
        return dir
    }

    func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("Builds a catalog in Xcode's format, key by key; icons sized; lints clean; a second build is byte-identical")
    func buildsCatalog() throws {
        let src = try art()
        let root = src.deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Stickers.xcstickers").path
        let result = try Stickerpack.run([
            "build", src.path, "-o", catalog, "--icon", Stickerpack.sample("Clean/star.png"), "--variants",
        ])
        #expect(result.status == 0, "\(result.stderr)")

        #expect(try json(catalog + "/Contents.json").keys.sorted() == ["info"])
        let pack = try json(catalog + "/Sticker Pack.stickerpack/Contents.json")
        #expect(pack.keys.sorted() == ["info", "properties", "stickers"])
        #expect((pack["info"] as? [String: Any])?["author"] as? String == "xcode")
        #expect((pack["properties"] as? [String: Any])?["grid-size"] as? String == "regular")
        let listed = (pack["stickers"] as? [[String: String]])?.compactMap { $0["filename"] }
        #expect(listed == ["blink.stickersequence", "cat.sticker", "star.sticker", "wave.sticker"])

        let wave = try json(catalog + "/Sticker Pack.stickerpack/wave.sticker/Contents.json")
        #expect(wave.keys.sorted() == ["info", "properties"])
        let properties = try #require(wave["properties"] as? [String: String])
        #expect(properties == ["filename": "wave.png", "accessibility-label": "Waving hello"])

        let sequence = try json(catalog + "/Sticker Pack.stickerpack/blink.stickersequence/Contents.json")
        #expect(sequence.keys.sorted() == ["frames", "info", "properties"])
        #expect(
            (sequence["frames"] as? [[String: String]])?.compactMap { $0["filename"] } == [
                "blink-0.png", "blink-1.png", "blink-2.png",
            ])
        let timing = try #require(sequence["properties"] as? [String: Any])
        #expect(timing["duration-type"] as? String == "fps" && timing["repetitions"] as? Int == 0)

        let icons = try json(catalog + "/iMessage App Icon.stickersiconset/Contents.json")
        let images = try #require(icons["images"] as? [[String: String]])
        #expect(images.count == 13)
        for image in images {
            let info = try Stickerpack.run([
                "info", "--format", "json", catalog + "/iMessage App Icon.stickersiconset/" + image["filename"]!,
            ])
            let facts = try #require(
                (try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: Any]])?.first)
            let size = image["size"]!.split(separator: "x").map { Double($0)! }
            let scale = Double(image["scale"]!.dropLast())!
            #expect(
                facts["width"] as? Int == Int(size[0] * scale) && facts["height"] as? Int == Int(size[1] * scale),
                "\(image)")
        }

        let lint = try Stickerpack.run(["lint", catalog, "--strict"])
        #expect(lint.status == 0, "\(lint.stdout)")

        let manifestPath = root.appendingPathComponent("manifest.json").path
        let first = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        let catalogBytes = try Self.contents(of: catalog)
        #expect(
            try Stickerpack.run([
                "build", src.path, "-o", catalog, "--icon", Stickerpack.sample("Clean/star.png"), "--variants",
                "--force",
            ]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: manifestPath)) == first, "the manifest changed between two builds"
        )
        #expect(try Self.contents(of: catalog) == catalogBytes, "the catalog changed between two builds")
    }

    static func contents(of folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                out[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            }
        }
        return out
    }

    @Test("The manifest validates against its JSON Schema and describes every sticker")
    func manifestSchema() throws {
        let src = try art()
        let root = src.deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Stickers.xcstickers").path
        #expect(try Stickerpack.run(["build", src.path, "-o", catalog, "--variants"]).status == 0)
        let manifest = root.appendingPathComponent("manifest.json").path
        let schema = Stickerpack.packageRoot.appendingPathComponent("Schemas/pack-manifest.schema.json").path
        let check = try Python.run(
            """
            import json, sys, jsonschema
            jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))
            """, arguments: [schema, manifest])
        #expect(check.status == 0, "\(check.stderr)")
        let stickers = try #require(try json(manifest)["stickers"] as? [[String: Any]])
        #expect(stickers.count == 4)
        let wave = try #require(stickers.first { $0["name"] as? String == "wave" })
        #expect(wave["format"] as? String == "apng" && wave["frames"] as? Int == 8 && wave["loopCount"] as? Int == 0)
        #expect((wave["variants"] as? [[String: Any]])?.map { $0["width"] as? Int } == [408, 272, 136])
    }

    @Test("Lint errors stop the build with the reasons, and nothing is written; --allow-errors builds anyway")
    func stopsOnErrors() throws {
        let src = try art()
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Problems/huge.png"), toPath: src.appendingPathComponent("huge.png").path)
        let catalog = src.deletingLastPathComponent().appendingPathComponent("Out.xcstickers").path
        let result = try Stickerpack.run(["build", src.path, "-o", catalog])
        #expect(result.status == 1)
        #expect(result.stderr.contains("dimensions") && result.stderr.contains("huge.png"))
        #expect(!FileManager.default.fileExists(atPath: catalog))
        #expect(try Stickerpack.run(["build", src.path, "-o", catalog, "--allow-errors"]).status == 0)
        let manifest = try json(src.deletingLastPathComponent().appendingPathComponent("manifest.json").path)
        let huge = (manifest["stickers"] as? [[String: Any]])?.first { $0["name"] as? String == "huge" }
        #expect(((huge?["diagnostics"] as? [[String: Any]]) ?? []).contains { $0["rule"] as? String == "dimensions" })
    }

    @Test("Refuses a non-empty output without --force; never touches the source")
    func safety() throws {
        let src = try art()
        let before = try Self.contents(of: src.path)
        let catalog = src.deletingLastPathComponent().appendingPathComponent("Stickers.xcstickers")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try "keep".write(to: catalog.appendingPathComponent("note.txt"), atomically: true, encoding: .utf8)
        let result = try Stickerpack.run(["build", src.path, "-o", catalog.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--force"))
        #expect(FileManager.default.fileExists(atPath: catalog.appendingPathComponent("note.txt").path))
        #expect(
            try Stickerpack.run([
                "build", src.path, "-o", catalog.path, "--force", "--manifest",
                catalog.deletingLastPathComponent().appendingPathComponent("m.json").path,
            ]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent("note.txt").path))
        #expect(try Self.contents(of: src.path) == before)
    }

    @Test("Reading a catalog and building it again from its own files gives the same catalog")
    func roundTrip() throws {
        let src = try art()
        let root = src.deletingLastPathComponent()
        let first = root.appendingPathComponent("First.xcstickers").path
        #expect(try Stickerpack.run(["build", src.path, "-o", first, "--pack-name", "Friends"]).status == 0)
        let second = root.appendingPathComponent("Second.xcstickers").path
        let again = try Stickerpack.run([
            "build", first, "-o", second, "--manifest", root.appendingPathComponent("m2.json").path,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.contents(of: first) == Self.contents(of: second))
    }

    @Test("Order file, odd names made safe and unique when case is ignored, APNG named .png")
    func namesAndOrder() throws {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("Art")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/cat.png"), toPath: dir.appendingPathComponent("Happy:Cat.png").path)
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/star.png"), toPath: dir.appendingPathComponent("happy-cat.png").path)
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/wave.png"), toPath: dir.appendingPathComponent("wave.apng").path)
        try "wave\nhappy-cat\n".write(to: dir.appendingPathComponent("order.txt"), atomically: true, encoding: .utf8)
        let catalog = dir.deletingLastPathComponent().appendingPathComponent("S.xcstickers").path
        let result = try Stickerpack.run(["build", dir.path, "-o", catalog, "--allow-errors"])
        #expect(result.status == 0, "\(result.stderr)")
        let pack = try json(catalog + "/Sticker Pack.stickerpack/Contents.json")
        let listed = (pack["stickers"] as? [[String: String]])?.compactMap { $0["filename"] }
        #expect(listed == ["wave.sticker", "happy-cat.sticker", "Happy-Cat-2.sticker"])
        #expect(FileManager.default.fileExists(atPath: catalog + "/Sticker Pack.stickerpack/wave.sticker/wave.png"))
    }

    @Test(
        "Every sample pack builds (the problem packs with --allow-errors); the manifest lists each sticker",
        arguments: [
            ("Clean", 3, false), ("Problems", 14, true), ("Problems.xcstickers", 4, true),
        ])
    func samplePacks(_ name: String, _ count: Int, _ allowErrors: Bool) throws {
        let dir = try Stickerpack.temporaryDirectory()
        let catalog = dir.appendingPathComponent("Out.xcstickers").path
        let result = try Stickerpack.run(
            ["build", Stickerpack.sample(name), "-o", catalog] + (allowErrors ? ["--allow-errors"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let stickers = try #require(
            try json(dir.appendingPathComponent("manifest.json").path)["stickers"] as? [[String: Any]])
        #expect(stickers.count == count, "sticker.webp in Problems is linted and left out")
        if allowErrors {
            #expect(
                try Stickerpack.run([
                    "build", Stickerpack.sample(name), "-o", dir.appendingPathComponent("No.xcstickers").path,
                ]).status == 1)
        }
    }
}
