import Foundation
import StickerImage
import Testing

@Suite("stickerpack compare, end to end")
struct CompareCommandTests {
    func json(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func score(_ object: [String: Any]) throws -> (worst: Double, mean: Double) {
        let score = try #require(object["score"] as? [String: Any])
        return (try #require(score["worst"] as? Double), try #require(score["mean"] as? Double))
    }

    /// Writes `image` (frames and delays) into a temporary folder as an APNG (or a PNG for one frame).
    func write(_ image: DecodedImage, named name: String) throws -> String {
        let path = try Stickerpack.temporaryDirectory().appendingPathComponent(name).path
        let bytes =
            image.frames.count > 1 ? try APNGEncoder.encode(image) : try PNGEncoder.encode(image.frames[0].image)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A sticker against itself scores 100, and the JSON gives every documented key")
    func identical() throws {
        let wave = Stickerpack.sample("Clean/wave.png")
        let result = try Stickerpack.run(["compare", wave, wave, "--format", "json"])
        #expect(result.status == 0)
        let object = try json(result)
        for key in ["original", "candidate", "score", "durationRatio", "spedUp", "animationChanged", "aspectChanged"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        let (worst, mean) = try score(object)
        #expect(worst == 100 && mean == 100)
        let facts = try #require(object["score"] as? [String: Any])
        #expect(facts["framesScored"] as? Int == 8)
        #expect(object["spedUp"] as? Bool == false)
        #expect(object["letterbox"] is NSNull)
    }

    @Test("A smaller copy (the resize command's) scores below 100 but well above a different sticker")
    func resizedCandidate() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let small = dir.appendingPathComponent("cat-300.png").path
        let cat = Stickerpack.sample("Clean/cat.png")
        #expect(try Stickerpack.run(["resize", cat, "-o", small, "--width", "300"]).status == 0)
        let resized = try score(json(try Stickerpack.run(["compare", cat, small, "--format", "json"])))
        let other = try score(
            json(try Stickerpack.run(["compare", cat, Stickerpack.sample("Clean/star.png"), "--format", "json"])))
        #expect(resized.worst < 100)
        #expect(resized.worst > 60)
        #expect(other.worst < resized.worst - 30)
    }

    @Test("Text names both files, the worst frame and background, and flags a sped-up animation")
    func spedUpText() throws {
        var wave = try ImageDecoder.decodeFile(at: Stickerpack.sample("Clean/wave.png"))
        for index in wave.frames.indices { wave.frames[index].delayMs /= 2 }
        let fast = try write(wave, named: "fast.png")
        let result = try Stickerpack.run(["compare", Stickerpack.sample("Clean/wave.png"), fast])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains("original   \(Stickerpack.sample("Clean/wave.png")): APNG, 408 x 408 px, 8 frames"))
        #expect(result.stdout.contains("100.0 worst (frame 1 over light), 100.0 mean"))
        #expect(result.stdout.contains("the candidate plays 2.00x faster"))
    }

    @Test("An animation turned into a still is flagged, and scored on every source frame")
    func becameStill() throws {
        let wave = try ImageDecoder.decodeFile(at: Stickerpack.sample("Clean/wave.png"))
        var still = wave
        still.frames = [wave.frames[0]]
        let path = try write(still, named: "still.png")
        let object = try json(
            try Stickerpack.run(["compare", Stickerpack.sample("Clean/wave.png"), path, "--quick", "--format", "json"]))
        #expect(object["animationChanged"] as? Bool == true)
        #expect(object["durationRatio"] is NSNull)
        // Frame 1 matches exactly, the waving frames do not.
        #expect(try score(object).worst < 100)
    }

    @Test("Transparent padding to a square is cut off before scoring, as sticker-convert's outputs need")
    func paddedCandidate() throws {
        let cat = try ImageDecoder.decodeFile(at: Stickerpack.sample("Clean/cat.png"))
        let art = cat.frames[0].image
        // The cat in a canvas twice as tall, centred: the padding rows are transparent.
        var padded = RGBAImage(width: art.width, height: art.height * 2)
        let offset = art.height / 2 * art.width * 4
        padded.pixels.replaceSubrange(offset..<(offset + art.pixels.count), with: art.pixels)
        var candidate = cat
        candidate.frames = [AnimationFrame(image: padded, delayMs: 0)]
        let path = try write(candidate, named: "padded.png")
        let object = try json(
            try Stickerpack.run(["compare", Stickerpack.sample("Clean/cat.png"), path, "--quick", "--format", "json"]))
        #expect(object["aspectChanged"] as? Bool == true)
        let box = try #require(object["letterbox"] as? [String: Any])
        #expect(box["height"] as? Int == art.height)
        #expect(try score(object).worst == 100)
    }

    @Test("Bad inputs: a clear error naming the file, exit 2, nothing on standard output")
    func badInputs() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let text = dir.appendingPathComponent("notes.png")
        try Data("not an image".utf8).write(to: text)
        let good = Stickerpack.sample("Clean/cat.png")
        let cases: [([String], String)] = [
            ([dir.appendingPathComponent("missing.png").path, good], "missing.png"),
            ([good, text.path], "notes.png"),
            ([Stickerpack.corpus("pngsuite/pngsuite/s01n3p01.png"), good], "8 px"),
            ([good, Stickerpack.sample("Problems/truncated.png")], "truncated.png"),
            ([good], "candidate"),
        ]
        for (arguments, message) in cases {
            let result = try Stickerpack.run(["compare"] + arguments, bounds: Stickerpack.bounded())
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(!result.stderr.contains("Fatal error"))
        }
    }
}
