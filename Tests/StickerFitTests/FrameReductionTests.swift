import StickerImage
import Testing

@testable import StickerFit

@Suite("Fewer frames over the same duration")
struct FrameReductionTests {
    @Test("Kept frames take the time of the dropped ones: the total is kept and no frame plays shorter")
    func neverFaster() throws {
        var image = try TestImages.animation(frames: 7, width: 16, height: 16)
        for index in image.frames.indices { image.frames[index].delayMs = Double(40 + 30 * (index % 3)) }
        for count in 1...7 {
            let reduced = image.keepingFrames(count)
            #expect(reduced.frames.count <= count)
            #expect(abs(reduced.durationMs - image.durationMs) < 1e-9)
            // Each kept frame is a source frame and shows at least as long as it did.
            var start = 0.0
            var sourceStarts: [Double] = []
            for frame in image.frames {
                sourceStarts.append(start)
                start += frame.delayMs
            }
            var time = 0.0
            for frame in reduced.frames {
                let index = try #require(sourceStarts.firstIndex(of: time))
                #expect(frame.image == image.frames[index].image)
                #expect(frame.delayMs >= image.frames[index].delayMs)
                time += frame.delayMs
            }
        }
    }

    @Test("The dropped frames shown longest by another: none kept, each the last of its gap, spread out")
    func longestReplaced() throws {
        let image = try TestImages.animation(frames: 250, width: 8, height: 8)
        let kept = Set(image.keptFrames(84).map(\.index))
        let replaced = image.longestReplaced(84, limit: 4)
        #expect(replaced.count == 4 && replaced == replaced.sorted())
        for index in replaced {
            #expect(!kept.contains(index))
            #expect(kept.contains(index + 1) || index == 249)
        }
        #expect(replaced.first! > 20 && replaced.last! < 230)
        // Half of 24 frames drops every other one: each is the last (and only) of its gap.
        #expect(
            try TestImages.animation(frames: 24, width: 8, height: 8).longestReplaced(12, limit: 4) == [3, 9, 15, 21])
        // Nothing dropped, nothing to read.
        #expect(try TestImages.animation(frames: 6, width: 8, height: 8).longestReplaced(6, limit: 4).isEmpty)
    }

    @Test("Frame counts tried: all first, never fewer than two")
    func counts() throws {
        #expect(try TestImages.animation(frames: 24, width: 8, height: 8).frameCountsToTry == [24, 12, 8, 6, 4, 3])
        #expect(try TestImages.animation(frames: 3, width: 8, height: 8).frameCountsToTry == [3, 2])
        #expect(try TestImages.still(width: 8, height: 8).frameCountsToTry == [1])
    }
}
