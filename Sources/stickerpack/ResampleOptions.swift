import ArgumentParser
import StickerImage
import StickerResample

/// How images are resized and encoded, shared by `variants` and `resize`.
struct ResampleOptions: ParsableArguments {
    @Option(help: "The resampling filter: \(ResampleFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
    var filter: ResampleFilter = .lanczos3

    @Flag(help: "Filter in linear light instead of sRGB-encoded values.")
    var linear = false

    @Option(
        help: ArgumentHelp(
            "PNG/APNG compression: fast (libdeflate level \(PNGCompression.fast.level)), max (level 12, every filter "
                + "strategy tried), or a libdeflate level from 0 (stored) to 12.",
            valueName: "fast|max|0-12"))
    var compression: PNGCompression = .fast
}

extension PNGCompression: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(text: argument)
    }

    public var defaultValueDescription: String { "fast" }
}
