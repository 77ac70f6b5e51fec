import StickerImage
import Testing

@testable import StickerFit

@Suite("Fewer frames over the same duration")
struct FrameReductionTests {
    @Test("Kept frames take the time of the dropped ones and show their blend; the total is kept, none plays shorter")
    func neverFaster() throws {
        var image = try TestImages.animation(frames: 7, width: 16, height: 16)
        for index in image.frames.indices { image.frames[index].delayMs = Double(40 + 30 * (index % 3)) }
        #expect(image.keepingFrames(7).frames == image.frames)
        for count in 1..<7 {
            let reduced = image.keepingFrames(count)
            #expect(reduced.frames.count <= count)
            #expect(abs(reduced.durationMs - image.durationMs) < 1e-9)
            // Each kept frame starts where a source frame did, shows at least as long, and is the blend of the source
            // frames it stands for, by their time.
            var start = 0.0
            var sourceStarts: [Double] = []
            for frame in image.frames {
                sourceStarts.append(start)
                start += frame.delayMs
            }
            var time = 0.0
            for frame in reduced.frames {
                let first = try #require(sourceStarts.firstIndex(of: time))
                time += frame.delayMs
                let end = sourceStarts.firstIndex(of: time) ?? image.frames.count
                let window = image.frames[first..<end]
                #expect(frame.delayMs >= image.frames[first].delayMs)
                #expect(frame.image == RGBAImage.blend(window.map(\.image), weights: window.map(\.delayMs)))
            }
        }
    }

    @Test("The frames scored beyond the spread are those least like the blend shown for them, one a kept frame")
    func farthestFromBlend() throws {
        // Twelve still frames, and a flash at frame 7: every 3rd frame blends 6, 7 and 8, and 7 is farthest from it.
        var image = try TestImages.animation(frames: 12, width: 16, height: 16)
        let still = image.frames[0].image
        for index in image.frames.indices { image.frames[index].image = still }
        var flash = still
        for offset in stride(from: 0, to: flash.pixels.count, by: 4) { flash.pixels[offset] ^= 0xFF }
        image.frames[7].image = flash
        #expect(image.farthestFromBlend(4, limit: 1) == [7])
        // Frames 6 and 8 look alike; the next farthest is in another kept frame, none in 7's.
        let two = image.farthestFromBlend(4, limit: 2)
        #expect(two.count == 2 && two.contains(7) && !two.contains(6) && !two.contains(8))
        // Nothing dropped, nothing to read.
        #expect(image.farthestFromBlend(12, limit: 4).isEmpty)
        // Random frames: one a kept frame, in order, none a kept frame that shows alone.
        let noisy = try TestImages.animation(frames: 250, width: 8, height: 8)
        let read = noisy.farthestFromBlend(84, limit: 4)
        #expect(read.count == 4 && read == read.sorted())
        #expect(Set(read.map { $0 / 3 }).count == 4)
    }

    @Test("Whole-rate steps: every frame first, down to about 8 fps, never fewer than two frames")
    func counts() throws {
        // 50 fps: every 2nd to every 7th frame (7 fps); every 7th keeps as many of 24 as every 6th.
        let fast = try TestImages.animation(frames: 24, width: 8, height: 8, delayMs: 20)
        #expect(fast.frameRateSteps == [1, 2, 3, 4, 5, 6])
        #expect(fast.frameCountsToTry == [24, 12, 8, 6, 5, 4])
        // 60 fps, as Telegram's stickers: every 8th frame is 7.5 fps.
        let telegram = try TestImages.animation(frames: 180, width: 8, height: 8, delayMs: 1000 / 60)
        #expect(telegram.frameRateSteps == Array(1...8))
        #expect(try TestImages.animation(frames: 3, width: 8, height: 8, delayMs: 20).frameCountsToTry == [3, 2])
        // 10 fps is already slow: every frame is kept.
        #expect(try TestImages.animation(frames: 24, width: 8, height: 8).frameCountsToTry == [24])
        #expect(try TestImages.still(width: 8, height: 8).frameCountsToTry == [1])
    }

    @Test("A step keeps every nth frame of an even timeline, and chooses by time on an uneven one")
    func byTime() throws {
        let even = try TestImages.animation(frames: 10, width: 8, height: 8, delayMs: 30)
        let third = even.keptFrames(4)
        #expect(third.map(\.index) == [0, 3, 6, 9])
        #expect(third.map(\.delayMs) == [90, 90, 90, 30])
        // Six quick frames and one long one: every other frame by time is the frames showing at 0, 68.6, 137.1 and
        // 205.7 ms, not every other index.
        var uneven = try TestImages.animation(frames: 7, width: 8, height: 8, delayMs: 20)
        uneven.frames[6].delayMs = 120
        let half = uneven.keptFrames(4)
        #expect(half.map(\.index) == [0, 3, 6])
        #expect(half.map(\.delayMs) == [60, 60, 120])
    }

    @Test("For GIF, frames under 20 ms merge into the frame before, on the rounded running total")
    func mergedForGIF() throws {
        let sixty = try TestImages.animation(frames: 6, width: 8, height: 8, delayMs: 1000 / 60)
        let merged = sixty.mergingShortFrames()
        #expect(merged.frames.map(\.image) == [0, 2, 3, 5].map { sixty.frames[$0].image })
        #expect(abs(merged.durationMs - sixty.durationMs) < 1e-9)
        // Delays GIF can hold keep every frame.
        // A first frame of no time gives way to the next, which shows from the start.
        var late = try TestImages.animation(frames: 3, width: 8, height: 8)
        late.frames[0].delayMs = 0
        #expect(late.mergingShortFrames().frames.map(\.delayMs) == [100, 100])
        let tenth = try TestImages.animation(frames: 6, width: 8, height: 8)
        #expect(tenth.mergingShortFrames().frames == tenth.frames)
    }
}
