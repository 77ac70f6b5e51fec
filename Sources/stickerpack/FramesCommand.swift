import ArgumentParser
import Foundation
import StickerImage

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write every composited frame of an image as an RGBA PNG, to see what the decoder saw.",
        discussion: """
            Frames are written as frame-0000.png, frame-0001.png, ... in the output folder, which is created if \
            needed. Each is the full canvas after that frame is drawn, as a browser shows it.

            Example:
              stickerpack frames wave.gif -o wave-frames
            """
    )

    @Argument(help: "The image file.", completion: .file())
    var file: String

    @Option(name: .shortAndLong, help: "The folder to write the frames into.", completion: .directory)
    var output: String

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func run() throws {
        let image = try Console.attempt { try FrameExport.write(file, to: output, limits: limitOptions.limits) }
        print(
            "\(file): wrote \(image.frames.count) frame\(image.frames.count == 1 ? "" : "s") of "
                + "\(image.width)x\(image.height) px to \(output)/"
        )
    }
}
