import ArgumentParser
import Foundation
import StickerImage
import StickerResample
import StickerSupport

struct ResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Resize one image, still or animated, with the project's resampler.",
        discussion: """
            The height follows the aspect ratio unless given. The output format comes from OUT's extension (.png, \
            .gif, .jpg); an APNG written as .png stays animated. The file is written atomically; an existing one is \
            replaced only with --force.

            Examples:
              stickerpack resize art.png -o sticker.png --width 408
              stickerpack resize wave.gif -o wave-small.gif --width 206 --filter catmull-rom
            """
    )

    @Argument(help: "The image to resize.", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: "The file to write.", completion: .file())
    var output: String

    @Option(help: "The new width in pixels.")
    var width: Int

    @Option(help: "The new height in pixels (default: keeps the aspect ratio).")
    var height: Int?

    @Flag(help: "Replace the output if it exists.")
    var force = false

    @OptionGroup(title: "Resampling")
    var resampling: ResampleOptions

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    var job: ResizeJob {
        var job = ResizeJob(input: input, output: output, width: width, height: height)
        (job.filter, job.linear, job.compression) = (resampling.filter, resampling.linear, resampling.compression)
        (job.replacing, job.limits) = (force, limitOptions.limits)
        return job
    }

    func validate() throws { try Console.validating { () throws(PlainFailure) in try job.check() } }

    func run() throws {
        let (image, resized) = try Console.attempt { try job.run() }
        let frames = resized.frames.count > 1 ? ", \(resized.frames.count) frames" : ""
        print("\(input) (\(image.width)x\(image.height)) -> \(output) (\(width)x\(resized.height)\(frames))")
    }
}
