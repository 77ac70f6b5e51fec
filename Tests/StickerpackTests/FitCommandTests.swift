import Foundation
import StickerImage
import StickerSupport
import Testing

/// `stickerpack fit` through the real binary, on over-limit stickers made in the test (small limits on small
/// images, so each run takes seconds).
@Suite("stickerpack fit, end to end")
struct FitCommandTests {
    /// A 300 px gradient with noise on it (noise 256: incompressible), `frames` of them 100 ms each.
    static func noisy(frames: Int = 1, noise: Int = 48, side: Int = 300) throws -> DecodedImage {
        var state: UInt64 = 7
        let images = (0..<frames).map { index -> RGBAImage in
            var image = RGBAImage(width: side, height: side)
            for y in 0..<side {
                for x in 0..<side {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let n = Int(state >> 56) % noise
                    let offset = (y * side + x) * 4
                    image.pixels[offset] = UInt8(min(255, x * 200 / side + n))
                    image.pixels[offset + 1] = UInt8(min(255, y * 200 / side + n + index * 8))
                    image.pixels[offset + 2] = UInt8(min(255, 60 + n))
                    image.pixels[offset + 3] = min(x, y, side - 1 - x, side - 1 - y) < side / 10 ? 0 : 255
                }
            }
            return image
        }
        var decoded = try ImageDecoder.decode(PNGEncoder.encode(images[0]))
        decoded.frames = images.map { AnimationFrame(image: $0, delayMs: 100) }
        decoded.loopCount = frames > 1 ? 0 : nil
        return decoded
    }

    static func write(_ image: DecodedImage, _ path: String) throws {
        try AtomicFileWriter.write(ImageEncoder.encode(image, as: .png), to: path)
    }

    static func bytes(_ path: String) -> [UInt8]? { try? FileBytes.read(path, limit: 1 << 30) }

    static func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("An over-limit still: within the limit, never larger, same size; a fitting file copied byte for byte")
    func still() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: dir + "/in", withIntermediateDirectories: true)
        try Self.write(Self.noisy(), dir + "/in/noisy.png")
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/cat.png"), toPath: dir + "/in/cat.png")
        let result = try Stickerpack.run([
            "fit", dir + "/in", "-o", dir + "/out", "--byte-limit", "60000", "--min-quality", "0",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try #require(Self.bytes(dir + "/out/noisy.png"))
        #expect(output.count <= 60_000 && output.count < Self.bytes(dir + "/in/noisy.png")!.count)
        let shown = try ImageDecoder.decode(output)
        #expect((shown.width, shown.height) == (300, 300))
        #expect(Self.bytes(dir + "/out/cat.png") == Self.bytes(dir + "/in/cat.png"))
        #expect(result.stdout.contains("score     worst"))
        #expect(result.stdout.contains("1 fitted, 1 unchanged"))
    }

    @Test("No candidate fits: exit 1 with the reason and what to do, nothing written for that file")
    func impossible() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try Self.write(Self.noisy(noise: 256), dir + "/noise.png")
        let before = Self.bytes(dir + "/noise.png")
        let result = try Stickerpack.run(["fit", dir + "/noise.png", "-o", dir + "/out", "--byte-limit", "100"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("not fitted: no candidate fits in 100 bytes"), "\(result.stdout)")
        #expect(result.stdout.contains("hint: "))
        #expect(Self.names(dir + "/out").isEmpty)
        let inPlace = try Stickerpack.run(["fit", dir + "/noise.png", "--in-place", "--byte-limit", "100"])
        #expect(inPlace.status == 1)
        #expect(Self.bytes(dir + "/noise.png") == before)
    }

    @Test("An animation keeps its total duration and never plays faster")
    func animation() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try Self.write(Self.noisy(frames: 3), dir + "/wave.png")
        let result = try Stickerpack.run([
            "fit", dir + "/wave.png", "-o", dir + "/out", "--byte-limit", "100000", "--min-quality", "0",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let output = try #require(Self.bytes(dir + "/out/wave.png"))
        #expect(output.count <= 100_000)
        let shown = try ImageDecoder.decode(output)
        #expect(shown.frames.count >= 2)
        #expect(abs(shown.durationMs - 300) < 1)
        #expect(shown.delaysMs.allSatisfy { $0 >= 99.5 })
    }

    @Test("--allow none is lossless only: a stored PNG shrinks with every pixel kept")
    func losslessOnly() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let image = try Self.noisy(noise: 2)
        try AtomicFileWriter.write(
            ImageEncoder.encode(image, as: .png, compression: PNGCompression(level: 0)!), to: dir + "/flat.png")
        let result = try Stickerpack.run([
            "fit", dir + "/flat.png", "-o", dir + "/out", "--byte-limit", "150000", "--allow", "none", "--format",
            "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try ImageDecoder.decode(try #require(Self.bytes(dir + "/out/flat.png")))
        let input = try ImageDecoder.decode(try #require(Self.bytes(dir + "/flat.png")))
        // Identical once the colour under alpha 0 is cleared.
        let visible = { (pixels: [UInt8]) in
            stride(from: 0, to: pixels.count, by: 4).flatMap { i in
                pixels[i + 3] == 0 ? [0, 0, 0, 0] : pixels[i..<i + 4]
            }
        }
        #expect(visible(output.frames[0].image.pixels) == visible(input.frames[0].image.pixels))
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let file = try #require((report?["files"] as? [[String: Any]])?.first)
        #expect(file["lossySteps"] as? [String] == [] && file["colors"] is NSNull)
    }

    @Test("--in-place replaces the file atomically and renames .apng to .png")
    func inPlace() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try Self.write(Self.noisy(frames: 3), dir + "/wave.apng")
        let result = try Stickerpack.run([
            "fit", dir + "/wave.apng", "--in-place", "--byte-limit", "120000", "--min-quality", "0",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(Self.names(dir) == ["wave.png"])
        #expect((Self.bytes(dir + "/wave.png")?.count ?? .max) <= 120_000)
    }

    @Test("Under --min-quality: written with --output, flagged, exit 1; --in-place keeps the input byte for byte")
    func underMinQuality() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try Self.write(Self.noisy(), dir + "/noisy.png")
        let input = try #require(Self.bytes(dir + "/noisy.png"))
        let options = ["--byte-limit", "60000", "--min-quality", "100"]
        let written = try Stickerpack.run(["fit", dir + "/noisy.png", "-o", dir + "/out"] + options)
        #expect(written.status == 1, "\(written.stdout)\(written.stderr)")
        let output = try #require(Self.bytes(dir + "/out/noisy.png"))
        #expect(output.count <= 60_000)
        #expect(written.stdout.contains("-> \(dir)/out/noisy.png, UNDER --min-quality"), "\(written.stdout)")
        #expect(written.stdout.contains("warning   the best candidate within 60,000 bytes scores"))
        #expect(written.stdout.contains("1 under --min-quality 100;"), "\(written.stdout)")
        // compare, run on the file written, gives the score the report gave.
        let compared = try Stickerpack.run(["compare", dir + "/noisy.png", dir + "/out/noisy.png"])
        let worst = try #require(written.stdout.split(separator: "\n").first { $0.hasPrefix("  score") })
            .split(separator: " ").dropFirst(2).first
        #expect(compared.stdout.contains("score      \(worst ?? "?") worst"), "\(compared.stdout)\n\(written.stdout)")

        let json = try Stickerpack.run(["fit", dir + "/noisy.png", "--in-place", "--format", "json"] + options)
        #expect(json.status == 1, "\(json.stderr)")
        #expect(Self.bytes(dir + "/noisy.png") == input)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let file = try #require((report?["files"] as? [[String: Any]])?.first)
        #expect(file["outcome"] as? String == "belowMinQuality" && file["output"] is NSNull)
        #expect((report?["summary"] as? [String: Any])?["belowMinQuality"] as? Int == 1)
    }

    @Test("The JSON report validates against its schema; --dry-run writes nothing")
    func jsonSchema() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try Self.write(Self.noisy(), dir + "/noisy.png")
        try AtomicFileWriter.write(Array("GIF89a".utf8), to: dir + "/broken.gif")
        let result = try Stickerpack.run([
            "fit", dir, "--dry-run", "--byte-limit", "60000", "--min-quality", "0", "--format", "json",
        ])
        #expect(result.status == 1)
        #expect(Self.names(dir) == ["broken.gif", "noisy.png"])
        let report = dir + "-report.json"
        try result.stdout.write(toFile: report, atomically: true, encoding: .utf8)
        let schema = Stickerpack.packageRoot.appendingPathComponent("Schemas/fit-report.schema.json").path
        let check = try Python.run(
            """
            import json, sys, jsonschema
            report = json.load(open(sys.argv[2]))
            jsonschema.validate(report, json.load(open(sys.argv[1])))
            outcomes = sorted(f["outcome"] for f in report["files"])
            assert outcomes == ["failed", "fitted"], outcomes
            assert all(f["output"] is None for f in report["files"])
            assert report["formatForAnimations"] is True and "format" not in report["allowed"], report["allowed"]
            """, arguments: [schema, report])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test("A catalog round trip: .apng renamed to .png in Contents.json, and the output catalog lints clean")
    func catalog() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let catalog = dir + "/Stickers.xcstickers"
        #expect(try Stickerpack.run(["build", Stickerpack.sample("Clean"), "-o", catalog]).status == 0)
        let sticker = catalog + "/Sticker Pack.stickerpack/wave.sticker"
        try FileManager.default.moveItem(atPath: sticker + "/wave.png", toPath: sticker + "/wave.apng")
        let contents = try String(contentsOfFile: sticker + "/Contents.json", encoding: .utf8)
        try contents.replacingOccurrences(of: "\"wave.png\"", with: "\"wave.apng\"")
            .write(toFile: sticker + "/Contents.json", atomically: true, encoding: .utf8)
        let result = try Stickerpack.run(["fit", catalog, "-o", dir + "/out"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let written = dir + "/out/Stickers.xcstickers"
        let out = written + "/Sticker Pack.stickerpack/wave.sticker"
        #expect(Self.names(out) == ["Contents.json", "wave.png"])
        #expect(Self.bytes(out + "/wave.png") == Self.bytes(sticker + "/wave.apng"))
        let lint = try Stickerpack.run(["lint", written])
        #expect(lint.status == 0, "\(lint.stdout)")
        // The input catalog is untouched; --in-place then renames it there too.
        #expect(Self.names(sticker) == ["Contents.json", "wave.apng"])
        let inPlace = try Stickerpack.run(["fit", catalog, "--in-place"])
        #expect(inPlace.status == 0, "\(inPlace.stdout)\(inPlace.stderr)")
        #expect(Self.names(sticker) == ["Contents.json", "wave.png"])
        #expect(try Stickerpack.run(["lint", catalog]).status == 0)
    }

    @Test("Hostile corpus inputs: a clear reason for each, no crash, nothing written for them", .permissionErrors)
    func hostile() throws {
        let dir = try HostileInputTests.hostileFolder()
        // The run is as nobody (so unreadable.png is unreadable): the output folder is open to all.
        let out = try Stickerpack.temporaryDirectory().path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        #expect(chmod(out, 0o777) == 0)
        let result = try Stickerpack.run(
            ["fit", dir.path, "-o", out], environment: Stickerpack.allocationCap(memoryMiB: 2048),
            bounds: Stickerpack.bounded(seconds: 300, memoryMiB: 2048), unprivileged: true)
        #expect(result.status == 1, "\(result.stderr)")
        for (file, _, _) in HostileInputTests.expected where !file.contains("zip-bomb-idat") {
            #expect(result.stdout.contains(file), "\(file) is not in the report")
        }
        #expect(result.stdout.contains("fifo.png: not fitted: cannot read file"))
        #expect(!result.stderr.contains("Fatal error"))
        #expect(Self.names(out).contains("cat.png"))
    }

    @Test("build --fit: an oversized sticker is fitted into the catalog, SRC unchanged")
    func buildFit() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        try FileManager.default.createDirectory(atPath: dir + "/art", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Problems/huge.png"), toPath: dir + "/art/huge.png")
        let before = Self.bytes(dir + "/art/huge.png")
        #expect(try Stickerpack.run(["build", dir + "/art", "-o", dir + "/S.xcstickers"]).status == 1)
        let result = try Stickerpack.run(["build", dir + "/art", "-o", dir + "/S.xcstickers", "--fit"])
        #expect(result.status == 0, "\(result.stderr)")
        let lint = try Stickerpack.run(["lint", dir + "/S.xcstickers"])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(Self.bytes(dir + "/art/huge.png") == before)
        #expect(Self.names(dir + "/art") == ["huge.png"])
    }

    @Test("Usage errors exit 2: no destination, both destinations, a bad --allow")
    func usage() throws {
        let file = Stickerpack.sample("Clean/cat.png")
        #expect(try Stickerpack.run(["fit", file]).status == 2)
        #expect(try Stickerpack.run(["fit", file, "-o", "x", "--in-place"]).status == 2)
        let bad = try Stickerpack.run(["fit", file, "--dry-run", "--allow", "colours"])
        #expect(bad.status == 2 && bad.stderr.contains("--allow takes"))
    }
}
