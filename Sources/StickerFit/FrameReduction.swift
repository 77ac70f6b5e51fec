import StickerImage
import StickerQuality

extension DecodedImage {
    /// `count` frames spread evenly over the timeline (`keptFrames`), each shown from a kept frame's start until the
    /// next one's and showing the blend of the source frames it stands for, weighted by their time: what the eye
    /// averages over that time. The total duration is unchanged and no frame shows shorter than it did, so the
    /// animation never plays faster; timing is part of the art. A picked frame is as far as a whole step from the
    /// last one it stands for; the blend is half a step from either end, and a moving or fading part shows at each
    /// place it passes, faint, rather than missing.
    func keepingFrames(_ count: Int) -> DecodedImage {
        let kept = keptFrames(count)
        guard kept.count < frames.count else { return self }
        var copy = self
        copy.frames = zip(windows(of: kept.map(\.index)), kept).map { window, slot in
            AnimationFrame(
                image: RGBAImage.blend(window.map { frames[$0].image }, weights: weights(of: window)),
                delayMs: slot.delayMs)
        }
        return copy
    }

    /// The source frames each of `kept` (ascending indices) stands for: its own up to the next kept one's.
    private func windows(of kept: [Int]) -> [Range<Int>] {
        kept.indices.map { kept[$0]..<($0 + 1 < kept.count ? kept[$0 + 1] : frames.count) }
    }

    /// How much each frame of `window` counts in its blend, summing to one: its time, or all alike when none has any.
    private func weights(of window: Range<Int>) -> [Double] {
        let delays = window.map { max(frames[$0].delayMs, 0) }
        let total = delays.reduce(0, +)
        return total > 0 ? delays.map { $0 / total } : delays.map { _ in 1 / Double(delays.count) }
    }

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

    /// Of the source frames `keepingFrames(count)` shows a blend in place of, `limit` that look least like their
    /// blend, at most one a kept frame, in order: where fewer frames look worst (a ring that appears within a kept
    /// frame's time shows in its blend only faintly). A score that reads only evenly spread frames misses them.
    /// Frames and blends are compared on a coarse grid of pixels, premultiplied, so the choice is cheap.
    func farthestFromBlend(_ count: Int, limit: Int) -> [Int] {
        let kept = keptFrames(count).map(\.index)
        guard kept.count < frames.count, limit > 0 else { return [] }
        let grid = CoarseGrid(width: width, height: height)
        var farthest: [(distance: Float, index: Int)] = []
        for window in windows(of: kept) where window.count > 1 {
            let samples = window.map { grid.samples(of: frames[$0].image) }
            var blend = [Float](repeating: 0, count: samples[0].count)
            for (sample, weight) in zip(samples, weights(of: window)) {
                for value in sample.indices { blend[value] += sample[value] * Float(weight) }
            }
            let distances = samples.map { sample in zip(sample, blend).reduce(Float(0)) { $0 + abs($1.0 - $1.1) } }
            let worst = distances.indices.max { distances[$0] < distances[$1] }!
            farthest.append((distances[worst], window.lowerBound + worst))
        }
        return farthest.sorted { ($0.distance, -$0.index) > ($1.distance, -$1.index) }.prefix(limit).map(\.index)
            .sorted()
    }

    /// The dropped frames a quick score of a candidate keeping `count` frames reads beyond its even spread, as many
    /// as that spread: none when every frame is kept (or the quick score reads every frame).
    func droppedFramesToScore(keeping count: Int) -> [Int] {
        guard count < frames.count, let spread = StickerScoreOptions.quick.maximumFrames else { return [] }
        return farthestFromBlend(count, limit: spread)
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
