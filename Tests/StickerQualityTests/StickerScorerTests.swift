import Foundation
import StickerImage
import StickerResample
import Testing

@testable import StickerQuality

@Suite("StickerScorer")
struct StickerScorerTests {
    static func still(_ image: RGBAImage) -> [AnimationFrame] { [AnimationFrame(image: image, delayMs: 0)] }

    @Test func identicalStickerScores100() throws {
        let source = Self.still(TestStickers.frame())
        let score = try StickerScorer(source: source).score(source)
        #expect(score.worst == 100)
        #expect(score.mean == 100)
        #expect(score.framesScored == 1)
        #expect(score.width == 96 && score.height == 96)
    }

    @Test func degradedStickerScoresLowerTheMoreItIsDegraded() throws {
        let image = TestStickers.frame()
        let scorer = try StickerScorer(source: Self.still(image))
        let mild = try scorer.score(Self.still(TestStickers.posterized(image, bits: 5)))
        let strong = try scorer.score(Self.still(TestStickers.posterized(image, bits: 2)))
        #expect(mild.worst < 100)
        #expect(strong.worst < mild.worst)
        #expect(strong.mean < mild.mean)
        // The worst is the worse background's: posterizing shows differently over light and over dark.
        #expect(mild.worst < mild.mean && mild.mean < 100)
    }

    /// An output that merges two identical frames into one twice as long shows the same thing at every
    /// moment: 100. The same frames with the timing moved shows the wrong frame for a while: below 100.
    @Test func framesAreMatchedByTimeline() throws {
        let (a, b, c) = (TestStickers.frame(phase: 0), TestStickers.frame(phase: 1), TestStickers.frame(phase: 2))
        let source = TestStickers.animation([a, b, b, c], delays: [100, 100, 100, 100])
        let scorer = try StickerScorer(source: source)
        let merged = try scorer.score(TestStickers.animation([a, b, c], delays: [100, 200, 100]))
        #expect(merged.worst == 100)
        #expect(merged.framesScored == 4)
        let shifted = try scorer.score(TestStickers.animation([a, b, c], delays: [100, 100, 200]))
        #expect(shifted.worst < 100)
        #expect(shifted.worstFrame == 2)
    }

    /// Colour under alpha 0 is invisible on any background: changing it changes nothing. Alpha is visible.
    @Test func onlyVisiblePixelsMatter() throws {
        let image = TestStickers.frame()
        let scorer = try StickerScorer(source: Self.still(image))
        var hidden = image
        for i in Swift.stride(from: 0, to: hidden.pixels.count, by: 4) where hidden.pixels[i + 3] == 0 {
            hidden.pixels[i] = UInt8(i % 251)
            hidden.pixels[i + 1] = 255
            hidden.pixels[i + 2] = UInt8(i / 4 % 256)
        }
        #expect(hidden != image)
        #expect(try scorer.score(Self.still(hidden)).worst == 100)

        var faded = image
        for i in Swift.stride(from: 3, to: faded.pixels.count, by: 4) where faded.pixels[i] == 255 {
            faded.pixels[i] = 200
        }
        let score = try scorer.score(Self.still(faded))
        #expect(score.worst < 95)
    }

    /// A white sticker vanishes on white and shows on dark: a change to it must be judged on dark.
    @Test func bothBackgroundsAreScored() throws {
        var white = RGBAImage(width: 64, height: 64)
        for y in 16..<48 {
            for x in 16..<48 {
                let i = (y * 64 + x) * 4
                white.pixels.replaceSubrange(i..<(i + 4), with: [255, 255, 255, 255])
            }
        }
        var faded = white
        for i in Swift.stride(from: 3, to: faded.pixels.count, by: 4) where faded.pixels[i] == 255 {
            faded.pixels[i] = 128
        }
        let score = try StickerScorer(source: Self.still(white)).score(Self.still(faded))
        #expect(score.worstBackground == .dark)
        #expect(score.worst < score.mean)
        #expect(score.mean < 100)
    }

    @Test("Opaque over opaque, one score stands for both backgrounds: the metric's own on each")
    func opaqueScoredOnce() throws {
        var image = TestStickers.frame()
        for i in Swift.stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        let posterized = TestStickers.posterized(image, bits: 3)
        let score = try StickerScorer(source: Self.still(image)).score(Self.still(posterized))
        let metric = SSIMULACRA2(maximumWidth: image.width, maximumHeight: image.height)
        for background in ScoreBackground.allCases {
            #expect(metric.score(original: image, distorted: posterized, background: background.color) == score.worst)
        }
        #expect(score.mean == score.worst && score.worstBackground == .light)
    }

    /// Outputs of another size are resampled to the source's: the same art at half size loses its fine
    /// detail (about 54) but is not garbage; a source over 618 px is compared at 618.
    @Test func sizesAreBroughtToTheScoringSize() throws {
        let image = TestStickers.frame(width: 200, height: 160)
        let scorer = try StickerScorer(source: Self.still(image))
        let half = ResamplePlan(sourceWidth: 200, sourceHeight: 160, width: 100, height: 80).resize(image)
        let score = try scorer.score(Self.still(half))
        #expect(score.worst < 100)
        #expect(score.worst > 40)
        #expect(score.width == 200 && score.height == 160)

        let large = TestStickers.frame(width: 700, height: 500)
        let largeScorer = try StickerScorer(source: Self.still(large))
        #expect(largeScorer.width == 618 && largeScorer.height == 441)
        #expect(try largeScorer.score(Self.still(large)).worst == 100)
    }

    @Test func quickOptionsScoreFewerFramesAtHalfSize() throws {
        let frames = (0..<7).map { TestStickers.frame(width: 618, height: 618, phase: $0 % 3) }
        let source = TestStickers.animation(frames, delays: Array(repeating: 50, count: 7))
        let quick = try StickerScorer(source: source, options: .quick)
        let score = try quick.score(source)
        #expect(score.framesScored == 4)
        #expect(score.width == 309 && score.height == 309)
        #expect(score.worst == 100)
    }

    @Test("alsoScoring reads frames an even spread misses: a dropped frame shown by its neighbour is seen")
    func alsoScoringReadsMoreFrames() throws {
        let frames = (0..<7).map { TestStickers.frame(width: 300, height: 300, phase: $0) }
        let source = TestStickers.animation(frames, delays: Array(repeating: 50, count: 7))
        // Frame 3 dropped, frame 2 showing in its place: the spread of four (0, 2, 4, 6) never reads frame 3.
        var dropped = frames
        dropped[3] = frames[2]
        let candidate = TestStickers.animation(dropped, delays: Array(repeating: 50, count: 7))
        let spread = try StickerScorer(source: source, options: .quick).score(candidate)
        #expect(spread.framesScored == 4 && spread.worst == 100)
        let seeing = try StickerScorer(source: source, options: .quick, alsoScoring: [3, 6, 99]).score(candidate)
        #expect(seeing.framesScored == 5)
        #expect(seeing.worst < 100 && seeing.worstFrame == 3)
    }

    @Test func emptyOrTinyInputIsAnError() throws {
        #expect(throws: StickerScoreError.noFrames) { try StickerScorer(source: [AnimationFrame]()) }
        let tiny = Self.still(RGBAImage(width: 6, height: 40))
        #expect(throws: StickerScoreError.tooSmall(width: 6, height: 40)) { try StickerScorer(source: tiny) }
        let scorer = try StickerScorer(source: Self.still(TestStickers.frame()))
        #expect(throws: StickerScoreError.noFrames) { try scorer.score([AnimationFrame]()) }
    }

    /// A frame the same as an earlier one takes that one's scores only where the candidate shows the same there too.
    @Test("A held frame is scored once where the candidate holds too, and on its own where the candidate changes")
    func heldFramesScoredOnce() throws {
        let (a, b) = (TestStickers.frame(phase: 0), TestStickers.frame(phase: 1))
        let scorer = try StickerScorer(source: TestStickers.animation([a, b, a, a], delays: [100, 100, 100, 100]))
        let (mildA, mildB) = (TestStickers.posterized(a, bits: 5), TestStickers.posterized(b, bits: 5))
        let strongA = TestStickers.posterized(a, bits: 2)
        func alone(_ source: RGBAImage, _ shown: RGBAImage) throws -> StickerScore {
            try StickerScorer(source: Self.still(source)).score(Self.still(shown))
        }
        let held = try scorer.score(
            TestStickers.animation([mildA, mildB, mildA, mildA], delays: [100, 100, 100, 100]))
        let (scoreA, scoreB) = (try alone(a, mildA), try alone(b, mildB))
        #expect(held.worst == min(scoreA.worst, scoreB.worst))
        #expect(abs(held.mean - (3 * scoreA.mean + scoreB.mean) / 4) < 1e-9)
        let changed = try scorer.score(
            TestStickers.animation([mildA, mildB, mildA, strongA], delays: [100, 100, 100, 100]))
        let strong = try alone(a, strongA)
        #expect(changed.worstFrame == 3 && changed.worst == strong.worst)
    }

    @Test("Identical frames are found by their whole pixels, not only the sampled ones")
    func identicalFrames() {
        let (a, b) = (TestStickers.frame(phase: 0), TestStickers.frame(phase: 1))
        var nearlyA = a
        // Pixel 1 is not among the sampled ones (every 144th of 96x96).
        nearlyA.pixels[4] ^= 1
        #expect(IdenticalFrames.firstOccurrences([a, b, a, nearlyA, b, nearlyA]) == [0, 1, 0, 3, 1, 3])
    }
}

@Suite("FrameTimeline")
struct FrameTimelineTests {
    @Test func mergedFramesMapToTheMergedFrame() {
        #expect(
            FrameTimeline.candidateFrames(sourceDelays: [100, 100, 100, 100], candidateDelays: [100, 200, 100]) == [
                0, 1, 1, 2,
            ])
    }

    @Test func roundedDelaysDoNotDrift() {
        // 33 ms frames written as GIF centiseconds (30 ms): stretched to the source's length, still one to one.
        let source = Array(repeating: 33.0, count: 30)
        #expect(
            FrameTimeline.candidateFrames(sourceDelays: source, candidateDelays: Array(repeating: 30, count: 30))
                == Array(0..<30))
    }

    @Test func withoutTimingFramesMatchByPosition() {
        #expect(FrameTimeline.candidateFrames(sourceDelays: [0, 0, 0, 0], candidateDelays: [0, 0]) == [0, 0, 1, 1])
        #expect(FrameTimeline.candidateFrames(sourceDelays: [50, 50], candidateDelays: [80]) == [0, 0])
    }

    @Test func sampledFramesSpreadOverTheSequence() {
        #expect(FrameTimeline.sampledFrames(count: 10, limit: 4) == [0, 3, 6, 9])
        #expect(FrameTimeline.sampledFrames(count: 3, limit: 4) == [0, 1, 2])
        #expect(FrameTimeline.sampledFrames(count: 5, limit: 1) == [0])
    }
}

@Suite("StickerScorer on decoded files")
struct DecodedStickerScoreTests {
    static let wave = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SamplePacks/Clean/wave.png").path

    /// The sample pack's 8-frame APNG against itself, and against its @2x variant (272 px, resampled back
    /// up to 408 for the comparison; about 80): a real decode, every frame, both backgrounds.
    @Test func animatedStickerAgainstItselfAndItsSmallerVariant() throws {
        let source = try ImageDecoder.decodeFile(at: Self.wave)
        #expect(source.frames.count == 8)
        let scorer = try StickerScorer(source: source)
        let same = try scorer.score(source)
        #expect(same.worst == 100 && same.framesScored == 8)
        let smaller = try scorer.score(source.resized(width: 272, height: 272))
        #expect(smaller.worst < 100)
        #expect(smaller.worst > 40)
        // Every frame is scored on its own: the frames lose differently to the resampling.
        #expect(smaller.worst < smaller.mean && smaller.mean < 100)
    }

    /// Frames spread over threads, with or without the source's side kept, give the very same score as one
    /// thread: each thread has its own workspace, and the mean is summed in frame order.
    @Test func scoreOnSeveralThreadsEqualsOneThread() throws {
        let frames = (0..<5).map { TestStickers.frame(width: 120, height: 100, phase: $0) }
        let source = TestStickers.animation(frames, delays: [80, 80, 80, 80, 80])
        // Smaller, posterised, and four frames over the same time: resampled and matched on the timeline.
        let candidate = TestStickers.animation(
            frames.prefix(4).map {
                TestStickers.posterized(
                    ResamplePlan(
                        sourceWidth: 120, sourceHeight: 100,
                        width: 90, height: 75
                    ).resize($0), bits: 3)
            },
            delays: [100, 100, 100, 100])
        let one = try StickerScorer(source: source).score(candidate)
        #expect(one.worst < 100)
        // A scorer each: one scorer remembers the pairs it compared, and would not compare them again.
        for once in [false, true] {
            #expect(try StickerScorer(source: source, usedOnce: once).score(candidate, workers: 3) == one)
            #expect(try StickerScorer(source: source, usedOnce: once).score(candidate, workers: 1) == one)
        }
    }

    /// A candidate showing some frames another showed takes their scores, and only the new pairs are compared (and
    /// remembered): the same score as a scorer that never saw the first.
    @Test func pairsComparedBeforeAreTaken() throws {
        let frames = (0..<4).map { TestStickers.frame(width: 120, height: 100, phase: $0) }
        let source = TestStickers.animation(frames, delays: Array(repeating: 80, count: 4))
        let first = TestStickers.animation(
            frames.map { TestStickers.posterized($0, bits: 3) }, delays: Array(repeating: 80, count: 4))
        var second = first
        second[1].image = TestStickers.posterized(frames[1], bits: 2)
        second[3].image = TestStickers.posterized(frames[3], bits: 2)
        let scorer = try StickerScorer(source: source)
        _ = try scorer.score(first)
        #expect(scorer.pairsCompared == 4)
        #expect(try scorer.score(second) == StickerScorer(source: source).score(second))
        #expect(scorer.pairsCompared == 6)
        #expect(try scorer.score(first, workers: 2) == StickerScorer(source: source).score(first))
        #expect(scorer.pairsCompared == 6)
        // A scorer used once keeps nothing: asked again, it compares again.
        let once = try StickerScorer(source: source, usedOnce: true)
        #expect(try once.score(first) == once.score(first))
        #expect(once.pairsCompared == 8)
    }

    /// A score of the same candidate by a scorer of fewer frames at the same size lends its frames: the full score
    /// is the same, those frames' numbers are taken as they are, and one at another size lends nothing.
    @Test func knownFramesAreTaken() throws {
        let frames = (0..<6).map { TestStickers.frame(width: 120, height: 100, phase: $0) }
        let source = TestStickers.animation(frames, delays: Array(repeating: 80, count: 6))
        let candidate = TestStickers.animation(
            frames.map { TestStickers.posterized($0, bits: 3) }, delays: Array(repeating: 80, count: 6))
        let full = try StickerScorer(source: source, usedOnce: true)
        let alone = try full.score(candidate)
        let few = try StickerScorer(source: source, options: StickerScoreOptions(maximumFrames: 2)).score(candidate)
        #expect(few.frameScores.count == 2)
        #expect(try full.score(candidate, known: few) == alone)
        var marked = few
        let lent = try #require(few.frameScores.keys.min())
        marked.frameScores[lent] = [-50, -50]
        let taken = try full.score(candidate, known: marked)
        #expect(taken.worst == -50 && taken.worstFrame == lent)
        let smaller = try StickerScorer(source: source, options: StickerScoreOptions(maximumSide: 60)).score(candidate)
        var wrongSize = smaller
        wrongSize.frameScores = marked.frameScores
        #expect(try full.score(candidate, known: wrongSize) == alone)
    }
}
