import Foundation
import StickerImage
import StickerQuality
import StickerSupport
import Testing

@testable import StickerFit

@Suite("Fitting one file")
struct StickerFitterTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fit-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Art just under 300 px keeps its pixels on transparent margins, and the report says margins")
    func margins() throws {
        let path = try Self.folder() + "/small.png"
        let art = TestImages.frame(width: 256, height: 200, seed: 5, noise: 0, transparent: false)
        try TestImages.write(TestImages.image([art], delayMs: 0), to: path)
        let result = StickerFitter.fit(path, options: FitOptions(minQuality: 0))
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let shown = try ImageDecoder.decode(try #require(result.bytes))
        #expect((shown.width, shown.height) == (300, 300))
        let row = (50 * 300 + 22) * 4
        #expect(Array(shown.frames[0].image.pixels[row..<row + 4]) == Array(art.pixels[0..<4]))
        #expect(result.output?.lossySteps == ["transparent margins to 300x300 px"])
    }

    @Test("An over-limit still comes within the limit, smaller than it was, scored in full")
    func fitsStill() throws {
        let path = try Self.folder() + "/noisy.png"
        try TestImages.write(TestImages.still(), to: path)
        let input = try FileBytes.read(path, limit: 1 << 30)
        let result = StickerFitter.fit(path, options: FitOptions(byteLimit: 60_000, minQuality: 0))
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let bytes = try #require(result.bytes)
        #expect(bytes.count <= 60_000 && bytes.count < input.count)
        let shown = try ImageDecoder.decode(bytes)
        #expect((shown.width, shown.height) == (300, 300))
        // The reported score is what a scorer of its own finds for the written file.
        let score = try #require(result.output?.score)
        let rescored = try StickerScorer(source: try ImageDecoder.decode(input)).score(shown)
        #expect(score.framesScored == 1 && abs(score.worst - rescored.worst) < 0.001, "\(score) \(rescored)")
        #expect(result.output?.knobs.colors != nil || result.output?.lossySteps.isEmpty == false)
        #expect(result.outputName == "noisy.png")
    }

    @Test("The preview keeps the frame scored worst and the output frame shown with it, not the first")
    func previewShowsWorstFrame() throws {
        let path = try Self.folder() + "/one-hard-frame.png"
        // Flat frames, which any palette shows exactly, and one noisy gradient, which it cannot.
        var flat = RGBAImage(width: 300, height: 300)
        for i in stride(from: 0, to: flat.pixels.count, by: 4) { flat.pixels[i..<(i + 4)] = [200, 60, 40, 255] }
        let frames = [flat, flat, TestImages.frame(width: 300, height: 300, seed: 3), flat]
        let source = try TestImages.image(frames, delayMs: 100)
        try TestImages.write(source, to: path)
        let result = StickerFitter.fit(path, options: FitOptions(byteLimit: 60_000, minQuality: 0), keepPreview: true)
        let score = try #require(result.output?.score)
        #expect(score.worstFrame == 2)
        let shown = try ImageDecoder.decode(try #require(result.bytes))
        let shownWith = FrameTimeline.candidateFrames(
            sourceDelays: source.frames.map(\.delayMs), candidateDelays: shown.frames.map(\.delayMs))
        // Compared as Bools: a failing image comparison would print every pixel.
        let before = result.output?.preview?.before == source.frames[2].image
        let after = result.output?.preview?.after == shown.frames[shownWith[2]].image
        #expect(before && after)
    }

    @Test("Nothing fits: failed, with the reason and what to do, and no bytes")
    func impossible() throws {
        let path = try Self.folder() + "/noisy.png"
        try TestImages.write(TestImages.still(), to: path)
        let result = StickerFitter.fit(path, options: FitOptions(byteLimit: 80, minQuality: 0))
        #expect(result.kind == .failed)
        #expect(result.bytes == nil && result.outputName == nil)
        #expect(result.reason?.contains("no candidate fits in 80 bytes") == true, "\(result.reason ?? "")")
        #expect(result.hint?.contains("--byte-limit") == true)
    }

    @Test("Under --min-quality: the best candidate, flagged, with its steps and score, and the bar that accepts it")
    func underMinQuality() throws {
        let path = try Self.folder() + "/noisy.png"
        try TestImages.write(TestImages.still(), to: path)
        let below = StickerFitter.fit(path, options: FitOptions(byteLimit: 60_000, minQuality: 100))
        #expect(below.kind == .belowMinQuality && below.hasOutput && !below.passes)
        let bytes = try #require(below.bytes)
        #expect(bytes.count <= 60_000 && below.after?.bytes == bytes.count && below.outputName == "noisy.png")
        let score = try #require(below.output?.score)
        #expect(below.reason?.contains("under --min-quality 100") == true, "\(below.reason ?? "")")
        #expect(below.output?.knobs.colors != nil && below.output?.lossySteps.isEmpty == false)
        // The file written is the one scored: compare's metric agrees with the report.
        let shown = try ImageDecoder.decode(bytes)
        #expect(shown.width == below.after?.width && shown.frames.count == below.after?.frames)
        // The hint's bar, the score rounded down, accepts the same candidate on a second run.
        let bar = score.worst.rounded(.down)
        #expect(below.hint?.contains("--min-quality \(Int(bar)) to accept") == true, "\(below.hint ?? "")")
        let accepted = StickerFitter.fit(path, options: FitOptions(byteLimit: 60_000, minQuality: bar))
        #expect(accepted.kind == .fitted && accepted.output?.score.worst == score.worst)
        #expect(accepted.output?.lossySteps == below.output?.lossySteps && accepted.bytes == bytes)
    }

    @Test("Lossless only: a stored PNG is recompressed without changing a pixel; noise is refused")
    func losslessOnly() throws {
        let folder = try Self.folder()
        let flat = try TestImages.image([TestImages.frame(width: 300, height: 300, seed: 2, noise: 1)], delayMs: 0)
        try AtomicFileWriter.write(
            ImageEncoder.encode(flat, as: .png, compression: PNGCompression(level: 0)!), to: folder + "/flat.png")
        let options = FitOptions(byteLimit: 100_000, minQuality: 0, allowed: [])
        let result = StickerFitter.fit(folder + "/flat.png", options: options)
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let kept = try #require(result.output)
        #expect(kept.lossySteps.isEmpty && kept.knobs.colors == nil && !kept.losslessSteps.isEmpty)
        let shown = try ImageDecoder.decode(try #require(result.bytes))
        #expect(shown.frames[0].image == flat.frames[0].image.zeroingHiddenColor().image)

        try TestImages.write(TestImages.still(noise: 256), to: folder + "/noise.png")
        let noise = StickerFitter.fit(folder + "/noise.png", options: FitOptions(byteLimit: 100_000, allowed: []))
        #expect(noise.kind == .failed && noise.hint?.contains("--allow") == true)
    }

    @Test("A file that fits is left as it is; one misnamed only gets its right name")
    func alreadyFits() throws {
        let folder = try Self.folder()
        try TestImages.write(TestImages.still(noise: 1), to: folder + "/small.png")
        let unchanged = StickerFitter.fit(folder + "/small.png", options: FitOptions())
        #expect(unchanged.kind == .unchanged && unchanged.bytes == nil && unchanged.outputName == "small.png")
        try FileManager.default.copyItem(atPath: folder + "/small.png", toPath: folder + "/small.apng")
        let renamed = StickerFitter.fit(folder + "/small.apng", options: FitOptions())
        #expect(renamed.kind == .renamed && renamed.bytes == nil && renamed.outputName == "small.png")
    }

    @Test("An animation keeps its duration and at least two frames")
    func animation() throws {
        let path = try Self.folder() + "/wave.png"
        try TestImages.write(TestImages.animation(frames: 3), to: path)
        let result = StickerFitter.fit(path, options: FitOptions(byteLimit: 120_000, minQuality: 0))
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let shown = try ImageDecoder.decode(try #require(result.bytes))
        #expect(shown.frames.count >= 2)
        #expect(abs(shown.durationMs - 300) < 1)
        #expect(shown.delaysMs.allSatisfy { $0 >= 100 - 0.5 })
        #expect(try #require(result.bytes).count <= 120_000)
    }

    @Test("A long animation, searched on sampled sizes, still fits the limit at its full duration")
    func longAnimation() throws {
        let count = FitSearchPlan.sampleFrames * 2 + 2
        let path = try Self.folder() + "/long.png"
        try TestImages.write(TestImages.animation(frames: count), to: path)
        let input = try FileBytes.read(path, limit: 1 << 30)
        let limit = input.count / 3
        let result = StickerFitter.fit(
            path, options: FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette, .frames]))
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let bytes = try #require(result.bytes)
        #expect(bytes.count <= limit)
        let shown = try ImageDecoder.decode(bytes)
        #expect(abs(shown.durationMs - Double(count) * 100) < 1)
        #expect(shown.delaysMs.allSatisfy { $0 >= 100 - 0.5 })
        #expect(try #require(result.output?.score).framesScored == count)
    }

    @Test("With only resize allowed, a smaller size class is found when nothing fits at the base size")
    func smallerClass() throws {
        let path = try Self.folder() + "/large.png"
        let image = try TestImages.still(width: 618, height: 618)
        try TestImages.write(image, to: path)
        let small = OutputGeometry.base(width: 618, height: 618, sizeClass: .small).apply(to: image)
        let limit = try FitEncoding.estimate(small, as: .png, memo: nil).count
        let result = StickerFitter.fit(path, options: FitOptions(byteLimit: limit, minQuality: 0, allowed: [.resize]))
        #expect(result.kind == .fitted, "\(result.reason ?? "")")
        let after = try #require(result.after)
        #expect([300, 408].contains(after.width) && after.width == after.height)
        #expect(result.output?.knobs.colors == nil && after.bytes <= limit)
    }

    @Test("A file that does not decode fails with the decoder's reason and hint")
    func undecodable() throws {
        let path = try Self.folder() + "/broken.png"
        try AtomicFileWriter.write(Array("not an image".utf8), to: path)
        let result = StickerFitter.fit(path, options: FitOptions())
        #expect(result.kind == .failed && result.before == nil)
        #expect(result.reason?.contains("unsupported format") == true)
    }
}
