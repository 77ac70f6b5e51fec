import StickerImage
import StickerQuality

extension DecodedImage {
    /// `count` of the frames, spread evenly over the timeline: at each of `count` even moments the frame then
    /// showing is kept, and it stays until the next kept frame starts. The total duration is unchanged and no
    /// frame shows shorter than it did, so the animation never plays faster; timing is part of the art.
    func keepingFrames(_ count: Int) -> DecodedImage { selecting(keptFrames(count)) }

    /// The frames at `kept`'s indices, each showing for its delay there.
    func selecting(_ kept: [(index: Int, delayMs: Double)]) -> DecodedImage {
        var copy = self
        copy.frames = kept.map { AnimationFrame(image: frames[$0.index].image, delayMs: $0.delayMs) }
        return copy
    }

    /// The frames a GIF of this animation shows: those under GIF's shortest delay merged into the frame before
    /// (`GIFTimeline.keptFrames`), each kept one shown until the next starts, the first from the start.
    func mergingShortFrames() -> DecodedImage {
        let kept = GIFTimeline.keptFrames(frames.map(\.delayMs))
        guard kept.count < frames.count else { return self }
        return selecting(showing(kept, firstFromStart: true))
    }

    /// When each source frame starts, and the animation's end.
    private var frameStarts: (starts: [Double], end: Double) {
        var starts: [Double] = []
        var time = 0.0
        for frame in frames {
            starts.append(time)
            time += frame.delayMs
        }
        return (starts, time)
    }

    /// `kept` (ascending source indices), each shown from its own start until the next kept one starts, the last
    /// until the end: the source's timeline. `firstFromStart`: the first shows from the start, in place of any before.
    private func showing(_ kept: [Int], firstFromStart: Bool = false) -> [(index: Int, delayMs: Double)] {
        let (starts, end) = frameStarts
        return kept.enumerated().map { position, index in
            let start = firstFromStart && position == 0 ? 0 : starts[index]
            return (index, (position + 1 < kept.count ? starts[kept[position + 1]] : end) - start)
        }
    }

    /// Source frames per kept frame for a whole-rate step that keeps `count` frames: the fewest that leave at most
    /// `count`.
    func rateStep(keeping count: Int) -> Int { (frames.count + count - 1) / max(count, 1) }

    /// How many frames keeping every `step`th leaves.
    func frameCount(step: Int) -> Int { (frames.count + step - 1) / step }

    /// The indices of `count` frames spread evenly over the animation, the first included.
    func sampledFrames(_ count: Int) -> [Int] { (0..<count).map { $0 * frames.count / count } }

    /// The frames at `sampledFrames(count)`, each with its own delay: what a long animation's sizes are estimated
    /// from.
    func sample(_ count: Int) -> DecodedImage {
        var copy = self
        copy.frames = sampledFrames(count).map { frames[$0] }
        return copy
    }

    /// Which frames `keepingFrames` keeps, and the delay each then shows for. `count` is a whole-rate step's
    /// (`frameCountsToTry`): keeping every `step`th frame, where `step` is the fewest source frames per kept one that
    /// leaves at most `count`. Frames are chosen by time, so an uneven timeline keeps its shape: the kept frames are
    /// those showing at the moments `k × step × total / frames`, each shown until the next kept one starts.
    func keptFrames(_ count: Int) -> [(index: Int, delayMs: Double)] {
        guard count < frames.count, count >= 1 else { return frames.enumerated().map { ($0, $1.delayMs) } }
        let step = rateStep(keeping: count)
        let (starts, total) = frameStarts
        var kept: [Int] = []
        for slot in stride(from: 0, to: frames.count, by: step) {
            let index: Int
            if total > 0 {
                let moment = total * Double(slot) / Double(frames.count)
                index = starts.lastIndex { $0 <= moment } ?? 0
            } else {
                index = slot
            }
            if kept.last != index { kept.append(index) }
        }
        return showing(kept)
    }

    /// Of the frames `keptFrames(count)` drops, `limit` spread over the animation, each the last of its gap: the
    /// moment a kept frame has shown longest in another's place, where fewer frames look worst. A score that
    /// reads only evenly spread frames may read only kept ones (every third of 250 frames keeps 0, 83 and 166).
    func longestReplaced(_ count: Int, limit: Int) -> [Int] {
        let kept = keptFrames(count).map(\.index)
        let lastDropped = kept.indices.compactMap { position -> Int? in
            let next = position + 1 < kept.count ? kept[position + 1] : frames.count
            return next - kept[position] > 1 ? next - 1 : nil
        }
        guard lastDropped.count > limit else { return lastDropped }
        return (0..<limit).map { lastDropped[$0 * lastDropped.count / limit + lastDropped.count / (2 * limit)] }
    }

    /// The dropped frames a quick score of a candidate keeping `count` frames reads beyond its even spread, as many
    /// as that spread: none when every frame is kept (or the quick score reads every frame).
    func droppedFramesToScore(keeping count: Int) -> [Int] {
        guard count < frames.count, let spread = StickerScoreOptions.quick.maximumFrames else { return [] }
        return longestReplaced(count, limit: spread)
    }

    /// The slowest rate `fit` reduces an animation to, as a frame's time: 7 frames a second, below which motion turns
    /// into a slideshow.
    static let slowestFrameMs = 1000 / 7.0

    /// The whole-rate steps `fit` tries for an animation, every frame first: every 2nd, 3rd, ... frame while the
    /// kept frames show at least `slowestFrameMs`'s rate on average and at least two are left (an animation turned
    /// into a still is no fit). A step that keeps as many frames as a smaller one is left out.
    var frameRateSteps: [Int] {
        let all = frames.count
        guard all > 2 else { return [1] }
        let average = durationMs / Double(all)
        var steps = [1]
        var step = 2
        while frameCount(step: step) >= 2, average.isFinite, Double(step) * average <= Self.slowestFrameMs + 1e-9 {
            if frameCount(step: step) != frameCount(step: steps.last!) { steps.append(step) }
            step += 1
        }
        return steps
    }

    /// The frame counts `fit` tries for an animation, most first: one for each of `frameRateSteps`.
    var frameCountsToTry: [Int] { frameRateSteps.map(frameCount(step:)) }
}
