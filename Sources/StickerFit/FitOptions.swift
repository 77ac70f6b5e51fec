import Foundation
import StickerCatalog
import StickerImage
import StickerPalette
import StickerSupport

/// A lossy step `fit` may take, named as `--allow` names it.
public enum LossyStep: String, CaseIterable, Sendable, Comparable {
    /// Palette quantisation: 256 colours or fewer, with or without dithering.
    case palette
    /// Fewer animation frames over the same total duration.
    case frames
    /// A smaller size class (never under 300 px).
    case resize
    /// JPEG quality.
    case quality
    /// Another format: GIF to APNG, JPEG to PNG.
    case format

    public static func < (lhs: LossyStep, rhs: LossyStep) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Every step but a change of format.
    public static let defaults: Set<LossyStep> = [.palette, .frames, .resize, .quality]

    /// `palette,frames` or `none`; nil for a name that is no step.
    public static func parseList(_ text: String) -> Set<LossyStep>? {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if names == ["none"] { return [] }
        var steps: Set<LossyStep> = []
        for name in names {
            guard let step = LossyStep(rawValue: name) else { return nil }
            steps.insert(step)
        }
        return steps.isEmpty ? nil : steps
    }
}

/// What `fit` aims for and what it may give up to get there.
public struct FitOptions: Sendable {
    /// The largest file allowed, in bytes.
    public var byteLimit: Int
    /// The lowest worst-frame SSIMULACRA2 score an output may have.
    public var minQuality: Double
    public var allowed: Set<LossyStep>
    /// An animated GIF may become an APNG even without `format` in `allowed`: fit's default, since a palette
    /// APNG with frame differencing often holds more colour in the same bytes. An explicit --allow list without
    /// `format` keeps GIF.
    public var formatForAnimations: Bool
    /// The size class every output is brought to; nil keeps each file's own and lets `resize` go down.
    public var sizeClass: SizeClass?
    /// How large an input may be decoded.
    public var limits: DecodeLimits
    /// The bench's reference search, not a user's: every size and frame rate searched, every cell's best ranked at
    /// full size and refined, nothing pruned and no work budget, to show what the pruned search leaves behind.
    public var searchEverything = false
    /// For the bench and its tests: each fitted file's report lists the finalists ranked at full size.
    public var reportFinalists = false

    public init(
        byteLimit: Int = 500_000, minQuality: Double = 70, allowed: Set<LossyStep> = LossyStep.defaults,
        sizeClass: SizeClass? = nil, limits: DecodeLimits = .default, formatForAnimations: Bool = true
    ) {
        self.byteLimit = byteLimit
        self.minQuality = minQuality
        self.allowed = allowed
        self.formatForAnimations = formatForAnimations
        self.sizeClass = sizeClass
        self.limits = limits
    }

    /// The steps `image` may take: `allowed`, and `format` for an animated GIF when `formatForAnimations`.
    public func allowed(for image: DecodedImage) -> Set<LossyStep> {
        formatForAnimations && image.format == .gif && image.frames.count > 1 ? allowed.union([.format]) : allowed
    }

    /// For the frames of a sequence, which must keep one size: each is brought into 300-618 px by the same rule,
    /// without the size-class step, which could shrink one frame and not the next.
    public var forSequenceFrames: FitOptions {
        var options = self
        options.allowed.remove(.resize)
        return options
    }

    /// The scores --min-quality may ask for: SSIMULACRA2 goes below 0, but nothing there is worth writing.
    public static let qualityRange: ClosedRange<Double> = 0...100

    /// The sides every sticker must have: @3x art from 300 to 618 px.
    public static let sides = 300...618
}

extension FitOptions {
    /// The options as the command line gives them; a value out of range is a usage failure that says what is taken.
    /// `allowList` nil is fit's default: `LossyStep.defaults`, and `format` for animated GIFs.
    public init(
        byteLimit: Int, minQuality: Double, allowList: String?, sizeClass: SizeClass?, limits: DecodeLimits
    ) throws(PlainFailure) {
        guard byteLimit >= 1 else {
            throw PlainFailure("--byte-limit must be a positive number of bytes, not \(byteLimit).", isUsage: true)
        }
        let (low, high) = (Int(Self.qualityRange.lowerBound), Int(Self.qualityRange.upperBound))
        guard Self.qualityRange.contains(minQuality) else {
            throw PlainFailure("--min-quality is a score from \(low) to \(high), not \(minQuality).", isUsage: true)
        }
        guard let allowed = allowList.map(LossyStep.parseList) ?? LossyStep.defaults else {
            throw PlainFailure(
                "--allow takes a comma-separated list of palette, frames, resize, quality, format, or none; "
                    + "not '\(allowList ?? "")'.", isUsage: true)
        }
        self.init(
            byteLimit: byteLimit, minQuality: minQuality, allowed: allowed, sizeClass: sizeClass, limits: limits,
            formatForAnimations: allowList == nil)
    }
}
