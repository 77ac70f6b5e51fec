import StickerPalette
import TestSupport
import Testing

@testable import StickerImage

/// Frames quantised each to a palette of its own (`FramePalettes`) are written with local colour tables, exactly.
@Suite("GIF with a palette a frame")
struct GIFFramePalettesTests {
    /// A photographic animation (see `GIFLossyTests.files`) and a transparent sticker.
    static let files = ["Tests/Corpora/pillow-tests/gif/iss634.gif", "SamplePacks/OverLimit/spinner.gif"]

    /// The file's first 4 frames, 128 colours a frame, alpha cut as GIF cuts it, delays in whole hundredths.
    static func targets(_ file: String) throws -> DecodedImage {
        var image = try GIFLossyTests.load(file)
        image.frames = Array(image.frames.prefix(4))
        let options = PaletteQuantizer.Options(maxColors: 128)
        for (index, frame) in FramePalettes.quantize(image.frames.map(\.image), options: options).enumerated() {
            image.frames[index].image = GIFEncoder.thresholded(frame, at: 128)
            image.frames[index].delayMs = (image.frames[index].delayMs / 10).rounded() * 10
        }
        return image
    }

    @Test(
        "Written with a local table a frame, they decode to exactly the frames, delays and loop count", arguments: files
    )
    func roundTrip(_ file: String) throws {
        let targets = try Self.targets(file)
        // More than one palette's worth in all, so one global table cannot hold them.
        #expect(GIFEncoder.encodeExact(targets, globalOnly: true) == nil)
        let written = try #require(GIFEncoder.encodeExact(targets))
        #expect(written.localTables == targets.frames.count)
        #expect(try GIFEncoder.encode(targets) == written.bytes)
        let back = try ImageDecoder.decode(written.bytes)
        #expect(back.frames.map(\.image) == targets.frames.map(\.image))
        #expect(back.delaysMs == targets.delaysMs)
        #expect(back.loopCount == targets.loopCount)
    }

    @Test(
        "Pillow decodes them to the same frames",
        .enabled(if: Pillow.available, "python3 on PATH has no Pillow (make test installs it in .build/venv)"),
        arguments: files)
    func pillowAgrees(_ file: String) throws {
        let targets = try Self.targets(file)
        let bytes = try GIFEncoder.encode(targets)
        let theirs = try Pillow.frames(of: bytes)
        #expect(theirs.frames == targets.frames.map { "\(Int($0.delayMs)) \(Pillow.digest($0.image.pixels))" })
    }
}
