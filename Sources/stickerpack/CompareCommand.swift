import ArgumentParser
import Foundation
import StickerQuality
import StickerReport

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Score how a sticker looks in another file: the score `fit` maximises.",
        discussion: """
            Both files are decoded (PNG, APNG, GIF or JPEG, whatever their names say); each frame of ORIGINAL is \
            compared by SSIMULACRA2 with the CANDIDATE frame shown at the same moment of the timeline, both \
            composited over a light (#FFFFFF) and a dark (#1C1C1E) background at ORIGINAL's size with the \
            longer side capped at 618 px (the candidate is resampled to that size when it differs). The score \
            is the worst frame and background, with the mean beside it. On SSIMULACRA2's scale 90 cannot be told \
            from the original flipping between them, 80 not side by side, 70 shows artifacts only beside the \
            original, 50 is medium quality. A candidate that plays faster, lost its animation or changed its \
            shape is flagged; transparent margins around the art (a square's padding, or fit's margins) are cut off \
            before scoring. --quick scores at most 4 frames at half size, as fit's search does.

            Exit status: 0 when the score is printed, 2 when a file cannot be read or decoded, is under 8 px a \
            side, or for a usage error.

            Examples:
              stickerpack compare big.gif fitted/big.gif
              stickerpack compare art.png out.png --format json
            """
    )

    @Argument(help: "The sticker as it was made.", completion: .file())
    var original: String

    @Argument(help: "The file to score against it: any supported format and size.", completion: .file())
    var candidate: String

    @Option(help: "Output for people (text) or machines (json: one object).", completion: .list(["text", "json"]))
    var format: ReportFormat = .text

    @Flag(help: "Score at most 4 frames at half size (about a tenth of the time; ranks candidates, less exact).")
    var quick = false

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws { try format.check(in: ReportFormat.forData) }

    func run() throws {
        let compared = try Console.attempt {
            try FileComparison(original: original, candidate: candidate, quick: quick, limits: limitOptions.limits)
        }
        let report = CompareReport(compared)
        switch format {
        case .json: print(report.json.serialized(), terminator: "")
        default: print(report.text)
        }
    }
}
