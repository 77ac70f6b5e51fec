/// GIF's timeline: delays are written in hundredths of a second, so each frame's start is rounded on the running
/// total, never its delay alone, and rounding never drifts the animation's length (a 60 fps frame is 2, 2, then 1
/// hundredth, not 2 each, which would play a tenth slower).
public enum GIFTimeline {
    /// The shortest delay players keep: browsers and ImageIO show 10 ms or less as 100 ms.
    public static let shortestCentiseconds = 2

    /// Each frame's delay in hundredths, from its start and end on the rounded running total.
    public static func centiseconds(_ delaysMs: [Double]) -> [Int] {
        var time = 0.0
        var start = 0
        return delaysMs.map { delay in
            time += delay.isFinite ? max(delay, 0) : 0
            let end = Int((time / 10).rounded().clamped(0, Double(Int32.max)))
            defer { start = end }
            return min(end - start, 65535)
        }
    }

    /// The frames a GIF keeps so that none is written shorter than `shortestCentiseconds`: a frame whose own time on
    /// the rounded running total is shorter is merged into the one before, which shows on in its place (a short first
    /// frame gives its time to the next), so the timeline stays the source's. Every frame when fewer than two would
    /// be left: a run of zero delays is an animation players slow down, not one to turn into a still.
    public static func keptFrames(_ delaysMs: [Double]) -> [Int] {
        let written = centiseconds(delaysMs)
        let kept = written.indices.filter { written[$0] >= shortestCentiseconds }
        return kept.count >= 2 ? kept : Array(delaysMs.indices)
    }
}
