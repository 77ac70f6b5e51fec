import StickerImage
import TestSupport
import Testing

@testable import StickerFit

@Suite("What one setting costs and how it looks")
struct FitEvaluatorTests {
    static func evaluator(limit: Int) throws -> (FitEvaluator, FitKnobs) {
        let source = try TestImages.still()
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let evaluator = try FitEvaluator(
            cache: FitCache(source: source), limit: limit, options: options, budget: FitWorkBudget())
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        return (evaluator, FitKnobs(geometry: base, frames: 1, format: .png, colors: 16, dithered: true))
    }

    @Test("A setting is encoded once: its size is kept, and its fitting file decodes to the candidate scored")
    func encodedOnce() throws {
        let (evaluator, knobs) = try Self.evaluator(limit: 1_000_000)
        let size = try #require(evaluator.size(of: knobs))
        #expect(evaluator.size(of: knobs) == size && evaluator.knownSize(of: knobs) == size)
        let candidate = try #require(evaluator.candidate(knobs))
        #expect(evaluator.budget.encodings == 1)
        #expect(candidate.bytes.count == size && candidate.knobs == knobs)
        #expect(try ImageDecoder.decode(candidate.bytes).frames == candidate.shown.frames)
        #expect(candidate.score.worst <= (try #require(evaluator.ceiling(FitCell(knobs)))))
        #expect(evaluator.smallest == size && evaluator.fault == nil)
    }

    @Test("A lossy GIF setting is smaller than its exact one, and its file decodes to the candidate scored")
    func lossyGIF() throws {
        let source = try TestImages.animation(frames: 4)
        let options = FitOptions(byteLimit: 1_000_000, minQuality: 0, allowed: [.palette, .quality])
        let evaluator = try FitEvaluator(
            cache: FitCache(source: source), limit: 1_000_000, options: options, budget: FitWorkBudget())
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        let exact = FitKnobs(geometry: base, frames: 4, format: .gif, colors: 64, dithered: true)
        var lossy = exact
        lossy.lossy = 240
        let (exactSize, lossySize) = (try #require(evaluator.size(of: exact)), try #require(evaluator.size(of: lossy)))
        #expect(lossySize < exactSize)
        let candidate = try #require(evaluator.candidate(lossy))
        #expect(try ImageDecoder.decode(candidate.bytes).frames == candidate.shown.frames)
        #expect(candidate.shown.frames.count == 4 && candidate.score.worst > 0)
    }

    @Test("A setting over the limit has a size but no candidate")
    func overTheLimit() throws {
        let (evaluator, knobs) = try Self.evaluator(limit: 100)
        #expect(try #require(evaluator.size(of: knobs)) > 100)
        #expect(evaluator.candidate(knobs) == nil)
        #expect(evaluator.budget.encodings == 1 && evaluator.fault == nil)
    }

    @Test("An undithered setting's score from its pixels is its file's score: a GIF's alpha cut, an APNG's kept")
    func plainScoreIsTheFileScore() throws {
        // A gradient through every alpha (so the GIF's cut shows), and an animation.
        let gradient = try ImageDecoder.decodeFile(
            at: Corpus.path("go-image-testdata/png-testdata/benchNRGBA-gradient.png"))
        for source in [gradient, try TestImages.animation(frames: 4)] {
            let options = FitOptions(byteLimit: 10_000_000, minQuality: 0, allowed: [.palette])
            let evaluator = try FitEvaluator(
                cache: FitCache(source: source), limit: 10_000_000, options: options, budget: FitWorkBudget())
            let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
            for format in [ImageFormat.gif, .png] {
                let knobs = FitKnobs(geometry: base, frames: source.frames.count, format: format, colors: 12)
                let predicted = try #require(evaluator.plainScore(knobs))
                _ = evaluator.size(of: knobs)
                let file = try #require(evaluator.candidate(knobs)).score
                #expect(predicted.worst == file.worst && predicted.mean == file.mean, "\(format)")
            }
            var dithered = FitKnobs(geometry: base, frames: source.frames.count, format: .gif, colors: 12)
            dithered.dithered = true
            #expect(evaluator.plainScore(dithered) == nil)
        }
    }

    /// What lets the search skip an APNG of a GIF's palette: where no pixel is translucent the two files show the
    /// same pixels and score the same; a gradient through every alpha shows differently, and is not skipped.
    @Test("An APNG of an exact GIF's palette is known to show the GIF's pixels only without translucency")
    func apngShowsTheGIF() throws {
        let gradient = try ImageDecoder.decodeFile(
            at: Corpus.path("go-image-testdata/png-testdata/benchNRGBA-gradient.png"))
        for (source, alike) in [(try TestImages.animation(frames: 4), true), (gradient, false)] {
            let options = FitOptions(byteLimit: 10_000_000, minQuality: 0, allowed: [.palette])
            let evaluator = try FitEvaluator(
                cache: FitCache(source: source), limit: 10_000_000, options: options, budget: FitWorkBudget())
            let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
            let gif = FitKnobs(
                geometry: base, frames: source.frames.count, format: .gif, colors: 12, dithered: true)
            var png = gif
            png.format = .png
            _ = (evaluator.size(of: gif), evaluator.size(of: png))
            let (shownAsGIF, shownAsPNG) = (
                try #require(evaluator.candidate(gif)), try #require(evaluator.candidate(png))
            )
            // Where alike, the setting named is the GIF's own in the other format, not a richer one.
            #expect(evaluator.alike(of: shownAsGIF, as: .png) == (alike ? png : nil))
            #expect((shownAsGIF.score.worst == shownAsPNG.score.worst) == alike)
        }
    }
}
