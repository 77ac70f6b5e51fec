import Foundation
import StickerImage

/// The frame rate an output keeps, when it keeps fewer frames than its source: every `step`th frame by time, over
/// the source's very duration. Reported as "every 3rd frame, 10 fps, same 6.3 s".
public struct FitFrameRate: Equatable, Sendable {
    /// Source frames per kept frame: 1 when only frames too short for GIF were merged into the ones before.
    public var step: Int
    /// The kept frames over the duration.
    public var framesPerSecond: Double
    public var durationMs: Double

    /// The rate of `shown`, an output of `source` keeping `knobs`' frames; nil when it shows every frame.
    init?(_ knobs: FitKnobs, source: DecodedImage, shown: DecodedImage) {
        guard shown.frames.count < source.frames.count, shown.durationMs > 0 else { return nil }
        step = source.frames.count == knobs.frames ? 1 : source.rateStep(keeping: knobs.frames)
        framesPerSecond = Double(shown.frames.count) * 1000 / shown.durationMs
        durationMs = shown.durationMs
    }

    /// For people: "every 3rd frame, 10 fps, same 6.3 s", or, for frames merged for GIF alone, "98 of 120 frames,
    /// those under 20 ms merged into the frame before, same 2 s".
    func described(kept: Int, of all: Int) -> String {
        let fps = Self.trimmed(String(format: "%.1f", framesPerSecond))
        let seconds = Self.trimmed(String(format: "%.1f", durationMs / 1000))
        guard step > 1 else {
            let shortest = GIFTimeline.shortestCentiseconds * 10
            return
                "\(kept) of \(all) frames, those under \(shortest) ms merged into the frame before, same \(seconds) s"
        }
        return "every \(Self.ordinal(step)) frame, \(fps) fps, same \(seconds) s"
    }

    private static func trimmed(_ number: String) -> String {
        number.hasSuffix(".0") ? String(number.dropLast(2)) : number
    }

    /// 2nd, 3rd, 4th, 11th, 21st, ...
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
