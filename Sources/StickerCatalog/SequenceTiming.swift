/// A `.stickersequence`'s timing as its Contents.json states it: `duration` with `duration-type`.
public struct SequenceTiming: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// `duration` is the seconds one cycle of all the frames takes.
        case fixed
        /// `duration` is frames per second.
        case fps
    }

    public var duration: Double
    public var kind: Kind

    public init(duration: Double, kind: Kind) {
        self.duration = duration
        self.kind = kind
    }

    /// How long one cycle of `frames` frames lasts, in ms; nil when the duration is not positive.
    public func cycleMs(frames: Int) -> Double? {
        guard duration > 0 else { return nil }
        switch kind {
        case .fixed: return duration * 1000
        case .fps: return Double(frames) * 1000 / duration
        }
    }

    /// How long each of `frames` frames shows, in ms; nil without frames or a positive duration.
    public func frameMs(frames: Int) -> Double? {
        guard frames > 0 else { return nil }
        return cycleMs(frames: frames).map { $0 / Double(frames) }
    }
}
