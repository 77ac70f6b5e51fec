import Foundation
import StickerImage
import StickerQuality
import Testing

@testable import StickerFit

/// Failures that were once turned into a nil, and then into another cause: each reaches the report as it happened.
@Suite("fit's failures, as they happened")
struct FitFailureTests {
    /// A 4x4 still: too small for SSIMULACRA2 (8 px a side) at any size it is scored at.
    static func tiny() throws -> DecodedImage {
        try TestImages.image([TestImages.frame(width: 4, height: 4, seed: 1, transparent: false)], delayMs: 0)
    }

    static func options() -> FitOptions { FitOptions(byteLimit: 100_000, minQuality: 0, allowed: [.palette]) }

    @Test("Art too small to score fails as unscorable, with the scorer's own reason")
    func unscorableFile() throws {
        let path = try StickerFitterTests.folder() + "/tiny.png"
        try TestImages.write(try Self.tiny(), to: path)
        let result = StickerFitter.fit(path, options: Self.options())
        guard case .failed(let failed) = result, case .unscorable(let error) = failed.failure else {
            Issue.record("\(result.kind): \(result.reason ?? "")")
            return
        }
        #expect(error == .tooSmall(width: 4, height: 4))
        #expect(result.reason == "it cannot be scored: \(error)")
        #expect(result.hint == "check the image has pixels")
        #expect(failed.before?.width == 4)
    }

    @Test("The final step's decoder failure is reported as a decoding failure, with the decoder's reason")
    func finalDecoding() throws {
        let source = try TestImages.still()
        let finish = FitFinish(cache: FitCache(source: source), limit: 100_000, options: Self.options(), spare: nil)
        let knobs = FitKnobs(
            geometry: OutputGeometry.base(width: 300, height: 300, sizeClass: nil), frames: 1, format: .png)
        do {
            _ = try finish.finish(lossless: Array("not an image".utf8), knobs: knobs)
            Issue.record("an undecodable file was finished")
        } catch {
            guard case .decoding(let decoding) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(FitFailure.finalStep(error).reason == "its re-encoded file does not decode: \(decoding)")
            #expect(FitFailure.finalStep(error).hint == "report this as a bug")
        }
    }

    @Test("The final step's scorer failure is reported as a scoring failure, not as a file that does not decode")
    func finalScoring() throws {
        let source = try Self.tiny()
        let finish = FitFinish(cache: FitCache(source: source), limit: 100_000, options: Self.options(), spare: nil)
        let bytes = try ImageEncoder.encode(source, as: .png)
        let knobs = FitKnobs(
            geometry: OutputGeometry.base(width: 4, height: 4, sizeClass: nil), frames: 1, format: .png)
        #expect(throws: FitStepError.scoring(.tooSmall(width: 4, height: 4))) {
            try finish.finish(lossless: bytes, knobs: knobs)
        }
        let failure = FitFailure.finalStep(.scoring(.tooSmall(width: 4, height: 4)))
        #expect(failure.reason.hasPrefix("its re-encoded file cannot be scored: "))
        #expect(failure.hint == "check the image has pixels")
    }

    @Test("A full-size ranking of art too small to score throws the scorer's error")
    func rankingUnscorable() throws {
        #expect(throws: StickerScoreError.tooSmall(width: 4, height: 4)) {
            try FitFinalists(cache: FitCache(source: try Self.tiny()), sizes: [])
        }
    }

    @Test("A file's cache answers the search's repeats and counts them; another file's cache starts empty")
    func cacheCounts() throws {
        let source = try TestImages.still()
        let options = Self.options()
        let cache = FitCache(source: source)
        let evaluator = try FitEvaluator(cache: cache, limit: 1_000_000, options: options, budget: FitWorkBudget())
        let knobs = FitKnobs(
            geometry: OutputGeometry.base(width: 300, height: 300, sizeClass: nil), frames: 1, format: .png,
            colors: 16)
        let size = try #require(evaluator.size(of: knobs))
        #expect(evaluator.size(of: knobs) == size)
        let first = try #require(evaluator.candidate(knobs))
        let again = try #require(evaluator.candidate(knobs))
        #expect(first.score == again.score && first.bytes == again.bytes)
        let counts = cache.allCounts
        #expect(counts.sizes == FitCacheCounts.Counter(hits: 1, made: 1))
        #expect(counts.quickScores == FitCacheCounts.Counter(hits: 1, made: 1))
        #expect(counts.remaps.made == 1 && counts.cells.made == 1)
        #expect(cache.deflate.hitCounts.made > 0)
        let other = FitCache(source: source)
        #expect(other.allCounts == FitCacheCounts() && other.deflate.hitCounts == ZlibMemo.Counts())
    }
}
