import Foundation
import StickerSupport
import TestSupport
import Testing

@testable import StickerImage
@testable import StickerLossless

/// Every corpus file that decodes goes through the lossless step: the result shows exactly what the input
/// shows (alpha-0 colours zeroed), on the same timeline, and is never larger.
@Suite("Lossless optimisation of the corpora")
struct LosslessCorpusTests {
    static let decodable: [Corpus.Row] = Corpus.rows.filter { $0.verdict != "invalid" }

    /// Frames with hidden colours zeroed and runs of identical frames folded into one, their delays summed:
    /// what a viewer sees over time.
    static func timeline(_ image: DecodedImage) -> [(image: RGBAImage, delayMs: Double)] {
        var out: [(image: RGBAImage, delayMs: Double)] = []
        for frame in image.frames {
            let zeroed = frame.image.zeroingHiddenColor().image
            if image.frames.count > 1, let last = out.last, last.image == zeroed {
                out[out.count - 1].delayMs += frame.delayMs
            } else {
                out.append((zeroed, frame.delayMs))
            }
        }
        return out
    }

    @Test("optimize shows exactly what the input shows and is never larger", arguments: decodable)
    func optimizeCorpusFile(_ row: Corpus.Row) throws {
        let bytes = try FileBytes.read(Corpus.path(row.path), limit: DecodeLimits.default.maxFileBytes)
        guard let input = try? ImageDecoder.decode(bytes) else { return }
        let result = try LosslessOptimizer.optimize(bytes)
        #expect(result.bytes.count <= bytes.count)
        if result.steps.isEmpty { #expect(result.bytes == bytes) }
        let output = try ImageDecoder.decode(result.bytes)
        #expect(try FormatSniffer.sniff(result.bytes) == result.format)
        #expect((output.width, output.height) == (input.width, input.height))
        #expect(output.isAnimated == input.isAnimated)
        #expect(output.frames.count <= input.frames.count)
        if input.isAnimated { #expect(output.loopCount == input.loopCount) }
        let (a, b) = (Self.timeline(input), Self.timeline(output))
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.image == y.image)
            #expect(abs(x.delayMs - y.delayMs) <= 1e-9 * max(1, x.delayMs))
        }
    }
}
