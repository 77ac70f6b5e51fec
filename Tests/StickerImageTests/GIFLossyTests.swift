import Foundation
import StickerSupport
import TestSupport
import Testing

@testable import StickerImage

/// Lossy LZW (`GIFEncoder.encode(_:lossy:)`): what it guarantees is that every visible pixel a decoder shows is within
/// the budget (`GIFLossiness.distance`, the palette quantiser's perceptual distance) of the frame's own colour after
/// quantisation, and that transparency, frames, delays and the loop count are exact.
@Suite("Lossy GIF")
struct GIFLossyTests {
    /// A photographic animation (a rendered 3D figure, dithered to 256 colours), its first 8 frames to stay quick; a
    /// sticker with transparent edges (an APNG, quantised on the way); a grey photo of at most 256 colours.
    static let files = [
        "Tests/Corpora/pillow-tests/gif/iss634.gif", "SamplePacks/Clean/wave.png",
        "Tests/Corpora/image-gif-tests/samples/moon_impact.gif",
    ]

    static func load(_ file: String) throws -> DecodedImage {
        var image = try ImageDecoder.decodeFile(at: Corpus.packageRoot.appendingPathComponent(file).path)
        image.frames = Array(image.frames.prefix(8))
        return image
    }

    /// The frames `encode` writes: alpha thresholded, and quantised when they hold more than 256 colours.
    static func targets(_ image: DecodedImage) -> DecodedImage {
        var binary = image
        for index in binary.frames.indices {
            binary.frames[index].image = GIFEncoder.thresholded(binary.frames[index].image, at: 128)
        }
        return GIFEncoder.encodeExact(binary, globalOnly: true) == nil ? GIFEncoder.quantized(binary) : binary
    }

    /// The visible pixels of `shown` further than `lossy` allows from `target`'s, and the pixels whose alpha differs.
    static func misses(_ shown: RGBAImage, _ target: RGBAImage, lossy: Int) -> (colour: Int, alpha: Int) {
        let budget = GIFLossiness.budget(lossy)
        var misses = (colour: 0, alpha: 0)
        for i in 0..<shown.width * shown.height {
            let s = shown.pixels.withUnsafeBytes { $0.load(fromByteOffset: i * 4, as: UInt32.self) }
            let t = target.pixels.withUnsafeBytes { $0.load(fromByteOffset: i * 4, as: UInt32.self) }
            if s >> 24 != t >> 24 {
                misses.alpha += 1
            } else if t >> 24 != 0 && GIFLossiness.distance(s, t) > budget {
                misses.colour += 1
            }
        }
        return misses
    }

    @Test(
        "A budget makes the file smaller, every shown pixel within it of its frame's colour, transparency exact",
        arguments: files)
    func withinBudget(_ file: String) throws {
        let image = try Self.load(file)
        let targets = Self.targets(image)
        // What `encode` writes at budget 0, without quantising the frames again.
        let exact = try #require(GIFEncoder.encodeExact(targets, globalOnly: true)).bytes
        let lossy = try GIFEncoder.encode(image, lossy: 200)
        #expect(lossy.count < exact.count)
        let back = try ImageDecoder.decode(lossy)
        let reference = try ImageDecoder.decode(exact)
        #expect(back.frames.count == image.frames.count)
        #expect(back.delaysMs == reference.delaysMs)
        #expect(back.loopCount == reference.loopCount)
        for (index, (shown, target)) in zip(back.frames, targets.frames).enumerated() {
            let misses = Self.misses(shown.image, target.image, lossy: 200)
            #expect(misses.colour == 0 && misses.alpha == 0, "frame \(index): \(misses)")
        }
    }

    @Test("The next frame is planned on what the decoder shows: a slow fade does not add up the errors")
    func plannedOnShownCanvas() throws {
        // Each frame ten levels lighter, within the budget of the one before (300 is about 21 levels of grey). Planned
        // on the frames before instead of on what was shown, a pixel kept from the first frame would still show it
        // at the fourth, 30 levels off.
        let frames = (0..<8).map { step in
            AnimationFrame(
                image: TestPixels.image(96, 32) { x, y in
                    let v = UInt8(60 + x / 2 + y / 8 + 10 * step)
                    return x < 4 ? [0, 0, 0, 0] : [v, v, v + 20, 255]
                }, delayMs: 100)
        }
        let image = DecodedImage(
            format: .gif, width: 96, height: 32, frames: frames, loopCount: 0,
            encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
            warnings: [])
        let lossy = 300
        let back = try ImageDecoder.decode(try GIFEncoder.encode(image, lossy: lossy))
        #expect(back.frames.count == frames.count)
        for (index, (shown, target)) in zip(back.frames, frames).enumerated() {
            let misses = Self.misses(shown.image, target.image, lossy: lossy)
            #expect(misses.colour == 0 && misses.alpha == 0, "frame \(index): \(misses)")
        }
    }

    @Test("A larger budget never makes this animation's file larger")
    func monotonic() throws {
        // Not guaranteed in general: each code is chosen greedily, so a larger budget changes the table the later
        // codes find, and a run of choices can end a few bytes longer. On real frames it keeps shrinking.
        let targets = Self.targets(try Self.load(Self.files[0]))
        let sizes = try [0, 25, 50, 100, 200, 400].map {
            try #require(GIFEncoder.encodeExact(targets, globalOnly: true, quick: true, lossy: $0)).bytes.count
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 >= $1 }, "\(sizes)")
        #expect(sizes.last! < sizes.first! * 3 / 4, "\(sizes)")
    }

    @Test(
        "Pillow decodes a lossy GIF to the frames, delays and loop count the project's decoder shows",
        .enabled(if: Pillow.available, "python3 on PATH has no Pillow (make test installs it in .build/venv)"),
        arguments: files.prefix(2))
    func pillowAgrees(_ file: String) throws {
        let bytes = try GIFEncoder.encode(try Self.load(file), lossy: 200)
        let back = try ImageDecoder.decode(bytes)
        let ours = back.frames.map { "\(Int($0.delayMs)) \(Pillow.digest($0.image.pixels))" }
        let theirs = try Pillow.frames(of: bytes)
        #expect(theirs.loop == back.loopCount)
        #expect(theirs.frames == ours)
    }
}

/// Pillow, through python3 on PATH, as an independent GIF decoder.
enum Pillow {
    static let available = (try? run(["-c", "import PIL"]).status) == 0

    /// SHA-256 of RGBA pixels, the colour of transparent ones zeroed (decoders leave different colours there).
    static func digest(_ rgba: [UInt8]) -> String {
        var pixels = rgba
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] == 0 {
            pixels[i] = 0
            pixels[i + 1] = 0
            pixels[i + 2] = 0
        }
        return SHA256.hex(pixels)
    }

    /// Each frame as "delay digest", composited by Pillow, and the loop count.
    static func frames(of gif: [UInt8]) throws -> (frames: [String], loop: Int?) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lossy-\(UUID().uuidString).gif")
        try Data(gif).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import hashlib, sys
            from PIL import Image, ImageSequence
            image = Image.open(sys.argv[1])
            print(image.info.get("loop", "none"))
            for frame in ImageSequence.Iterator(image):
                rgba = frame.convert("RGBA")
                mask = rgba.getchannel("A").point(lambda a: 255 if a else 0)
                clear = Image.new("RGBA", rgba.size, (0, 0, 0, 0))
                pixels = Image.composite(rgba, clear, mask).tobytes()
                print(frame.info.get("duration", 0), hashlib.sha256(pixels).hexdigest())
            """
        let result = try run(["-c", script, file.path])
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        return (Array(lines.dropFirst()), lines.first.flatMap { Int($0) })
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
