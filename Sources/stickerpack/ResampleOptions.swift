import ArgumentParser
import StickerResample

/// How images are resized and encoded, shared by `variants` and `resize`.
struct ResampleOptions: ParsableArguments {
    @Option(help: "The resampling filter: \(ResampleFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
    var filter: ResampleFilter = .lanczos3

    @Flag(help: "Filter in linear light instead of sRGB-encoded values.")
    var linear = false

    @Option(help: ArgumentHelp("PNG/APNG zlib compression level, 0 (fast) to 9 (small).", valueName: "level"))
    var compression: Int = 6

    func validate() throws {
        if !(0...9).contains(compression) { throw ValidationError("--compression takes a level from 0 to 9.") }
    }
}
