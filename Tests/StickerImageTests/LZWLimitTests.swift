import Foundation
import TestSupport
import Testing

@testable import StickerImage

/// The LZW coder gives up a stream at a byte limit (the frame planner keeps only the smallest way to store a
/// frame): under the limit it writes exactly the stream it writes without one, at the limit or over it nothing.
@Suite("LZW image data under a byte limit")
struct LZWLimitTests {
    @Test("The code bytes found for a limit are the fewest whose image data reaches it")
    func codeBytesForLimit() {
        func framed(_ codes: Int) -> Int {
            LZWEncoder.subBlocks([UInt8](repeating: 0, count: codes), minCodeSize: 8).count
        }
        for limit in 0...1_600 {
            let codes = LZWEncoder.codeBytes(framedUnder: limit)
            #expect(framed(codes) >= limit, "limit \(limit)")
            if codes > 0 { #expect(framed(codes - 1) < limit, "limit \(limit)") }
        }
        #expect(LZWEncoder.codeBytes(framedUnder: .max) == .max)
    }

    @Test("Under the limit the same stream, at the limit none, exact and lossy, with each table policy and both")
    func sameStreamOrNone() throws {
        let (table, frames) = try PhotoFrameIndices.load()
        let lzw = LZWTable()
        for indices in frames {
            let policies: [[LZWEncoder.FullTable]] = [[.clear], [.keep], LZWEncoder.FullTable.allCases]
            for chosen in policies {
                try indices.withUnsafeBufferPointer { pixels in
                    let whole = try #require(LZWEncoder.imageData(pixels, minCodeSize: 8, table: lzw, policies: chosen))
                    let under = try #require(
                        LZWEncoder.imageData(
                            pixels, minCodeSize: 8, table: lzw, policies: chosen, under: whole.count + 1))
                    #expect(under == whole, "\(chosen)")
                    #expect(
                        LZWEncoder.imageData(pixels, minCodeSize: 8, table: lzw, policies: chosen, under: whole.count)
                            == nil, "\(chosen)")
                    #expect(
                        LZWEncoder.imageData(pixels, minCodeSize: 8, table: lzw, policies: chosen, under: 10) == nil)
                    // A stream given up part way leaves the table clean: the next one is written as before.
                    #expect(LZWEncoder.imageData(pixels, minCodeSize: 8, table: lzw, policies: chosen) == whole)
                }
                // The lossy coder likewise, and what its stream decodes to only when it is under the limit.
                let lossiness = try #require(GIFLossiness(lossy: 80, table: table))
                var lossy = indices
                let whole = try #require(
                    LossyLZWEncoder.imageData(
                        &lossy, minCodeSize: 8, table: lzw, policies: chosen, lossiness: lossiness))
                var again = indices
                #expect(
                    LossyLZWEncoder.imageData(
                        &again, minCodeSize: 8, table: lzw, policies: chosen, lossiness: lossiness, under: whole.count)
                        == nil)
                #expect(again == indices)
                #expect(
                    LossyLZWEncoder.imageData(
                        &again, minCodeSize: 8, table: lzw, policies: chosen, lossiness: lossiness,
                        under: whole.count + 1) == whole)
                #expect(again == lossy)
            }
        }
    }
}
