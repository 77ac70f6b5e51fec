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

    @Test("Frame counts tried: all first, never fewer than two")
    func counts() throws {
        #expect(try TestImages.animation(frames: 24, width: 8, height: 8).frameCountsToTry == [24, 12, 8, 6, 4, 3])
        #expect(try TestImages.animation(frames: 3, width: 8, height: 8).frameCountsToTry == [3, 2])
        #expect(try TestImages.still(width: 8, height: 8).frameCountsToTry == [1])
    }
}
