import ArgumentParser
import Foundation
import StickerImage
import StickerJSON
import StickerReport
import StickerSupport

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what each image file holds: format, size, frames, timing, transparency.",
        discussion: """
            Every file is decoded fully, every frame composited, so a damaged file shows its error here. The format \
            comes from the file's content, not its name. Transparent pixels are counted on the first frame.

            Exit status: 0 when every file decoded, 1 when any did not, 2 for a usage error.

            Examples:
              stickerpack info cat.png wave.gif
              stickerpack info --format json Stickers/*.png > facts.json
            """
    )

    @Argument(help: "Image files to describe.", completion: .file())
    var files: [String]

    @Option(
        help: "Output for people (text) or machines (json: an array of objects).", completion: .list(["text", "json"]))
    var format: ReportFormat = .text

    @Flag(help: "Read only the header: format and size, no pixels decoded.")
    var headerOnly = false

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws {
        try format.check(in: ReportFormat.forData)
        if files.isEmpty { throw ValidationError("Name at least one image file.") }
    }

    func run() throws {
        let files = files.map { ImageInspection(path: $0, headerOnly: headerOnly, limits: limitOptions.limits) }
        let reports = files.map(ImageReport.init)
        switch format {
        case .json: print(JSONValue.array(reports.map(\.json)).serialized(), terminator: "")
        default: print(reports.map(\.text).joined(separator: "\n"))
        }
        if files.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.failure) }
    }
}
