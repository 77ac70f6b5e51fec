import StickerImage
import Testing

@testable import StickerFit

@Suite("What one setting costs and how it looks")
struct FitEvaluatorTests {
    static func evaluator(limit: Int) throws -> (FitEvaluator, FitKnobs) {
        let source = try TestImages.still()
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let evaluator = try FitEvaluator(source: source, limit: limit, options: options, budget: FitWorkBudget())
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

    @Test("A setting over the limit has a size but no candidate")
    func overTheLimit() throws {
        let (evaluator, knobs) = try Self.evaluator(limit: 100)
        #expect(try #require(evaluator.size(of: knobs)) > 100)
        #expect(evaluator.candidate(knobs) == nil)
        #expect(evaluator.budget.encodings == 1 && evaluator.fault == nil)
    }
}
