import ArgumentParser
import StickerImage

/// Decode limits on the command line, shared by every subcommand that decodes.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse images wider or taller than this.", valueName: "px"))
    var maxSide: Int = DecodeLimits.default.maxWidth

    @Option(help: ArgumentHelp("Refuse frames with more pixels than this.", valueName: "count"))
    var maxPixels: Int = DecodeLimits.default.maxPixels

    @Option(help: ArgumentHelp("Refuse animations with more frames than this.", valueName: "count"))
    var maxFrames: Int = DecodeLimits.default.maxFrames

    @Option(
        name: .customLong("max-memory"),
        help: ArgumentHelp("Refuse files whose decoded frames need more memory than this.", valueName: "MiB"))
    var maxDecodedMiB: Int = DecodeLimits.default.maxTotalBytes >> 20

    var limits: DecodeLimits {
        DecodeLimits(
            maxWidth: maxSide, maxHeight: maxSide, maxPixels: maxPixels, maxFrames: maxFrames,
            maxTotalBytes: maxDecodedMiB << 20)
    }

    func validate() throws {
        for (name, value) in [
            ("--max-side", maxSide), ("--max-pixels", maxPixels), ("--max-frames", maxFrames),
            ("--max-memory", maxDecodedMiB),
        ]
        where value <= 0 {
            throw ValidationError("\(name) must be a positive number, not \(value).")
        }
        // MiB to bytes must not wrap around.
        if maxDecodedMiB > Int.max >> 20 {
            throw ValidationError("--max-memory must be at most \(Int.max >> 20) MiB, not \(maxDecodedMiB).")
        }
    }
}
