import StickerImage
import StickerSupport

/// Folds runs of identical consecutive frames into one frame shown for their summed delay: the timeline is
/// the same, the file holds fewer frames. A sum the format cannot store (`representable`) is not merged, and
/// an animation keeps at least two frames (one would make it a still, which has no timeline).
enum FrameMerger {
    static func merge(_ frames: [AnimationFrame], representable: (Double) -> Bool) -> (
        frames: [AnimationFrame], merged: Int
    ) {
        let all = run(frames, representable: representable)
        guard all.frames.count == 1, frames.count > 1 else { return all }
        let head = run(Array(frames.dropLast()), representable: representable)
        return (head.frames + [frames[frames.count - 1]], head.merged)
    }

    private static func run(_ frames: [AnimationFrame], representable: (Double) -> Bool) -> (
        frames: [AnimationFrame], merged: Int
    ) {
        var out: [AnimationFrame] = []
        out.reserveCapacity(frames.count)
        var merged = 0
        for frame in frames {
            if let last = out.last, last.image == frame.image, representable(last.delayMs + frame.delayMs) {
                out[out.count - 1].delayMs += frame.delayMs
                merged += 1
            } else {
                out.append(frame)
            }
        }
        return (out, merged)
    }
}
