/// Which candidate frame is on screen while each source frame is: outputs may merge frames (longer delays)
/// or round delays (GIF's centiseconds), so frames are matched by time, not by index.
public enum FrameTimeline {
    /// For each source frame, the candidate frame shown at the middle of that source frame's display time.
    /// The candidate's timeline is stretched to the source's total duration, so rounding does not drift.
    public static func candidateFrames(sourceDelays: [Double], candidateDelays: [Double]) -> [Int] {
        let sourceTotal = sourceDelays.reduce(0) { $0 + max($1, 0) }
        let candidateTotal = candidateDelays.reduce(0) { $0 + max($1, 0) }
        let last = candidateDelays.count - 1
        guard last > 0 else { return sourceDelays.map { _ in 0 } }
        guard sourceTotal > 0, candidateTotal > 0 else {
            // No timing on one side: match by position in the sequence.
            return sourceDelays.indices.map {
                min(last, Int((Double($0) + 0.5) * Double(last + 1) / Double(sourceDelays.count)))
            }
        }
        let stretch = sourceTotal / candidateTotal
        var ends: [Double] = []
        var time = 0.0
        for delay in candidateDelays {
            time += max(delay, 0) * stretch
            ends.append(time)
        }
        var start = 0.0
        var candidate = 0
        return sourceDelays.map { delay in
            let middle = start + max(delay, 0) / 2
            start += max(delay, 0)
            while candidate < last && ends[candidate] <= middle { candidate += 1 }
            return candidate
        }
    }

    /// At most `limit` source frames, spread evenly over the sequence, first and last included.
    static func sampledFrames(count: Int, limit: Int?) -> [Int] {
        guard let limit, limit < count else { return Array(0..<count) }
        guard limit > 1 else { return [0] }
        let picked = (0..<limit).map { Int((Double($0) * Double(count - 1) / Double(limit - 1)).rounded()) }
        return picked.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }
}
