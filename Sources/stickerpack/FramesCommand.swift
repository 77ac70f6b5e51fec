import ArgumentParser
import Foundation
import StickerImage
import StickerSupport

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
        let image = try decodeOrExit(file, limits: limitOptions.limits)
        do {
            try AtomicFileWriter.createFolder(output)
        } catch {
            Console.error("\(error)")
            throw ExitCode(ExitStatus.failure)
        }
        // Encode every frame before writing any, so that a failure leaves no partial set behind.
        let encoded: [[UInt8]]
        do {
            encoded = try image.frames.map { frame throws(EncodeError) in try PNGEncoder.encodeRGBA(frame.image) }
        } catch {
            Console.error("\(file): \(error)")
            throw ExitCode(ExitStatus.failure)
        }
        for (index, png) in encoded.enumerated() {
            do {
                try AtomicFileWriter.write(png, to: output + "/" + Self.frameName(index))
            } catch {
                Console.error("\(error)")
                throw ExitCode(ExitStatus.failure)
            }
        }
        removeStaleFrames(from: encoded.count)
        print(
            "\(file): wrote \(image.frames.count) frame\(image.frames.count == 1 ? "" : "s") of "
                + "\(image.width)x\(image.height) px to \(output)/"
        )
    }
}

extension FramesCommand {
    static func frameName(_ index: Int) -> String { String(format: "frame-%04d.png", index) }

    /// Frames left by an earlier, longer run would read as part of this animation.
    func removeStaleFrames(from count: Int) {
        var index = count
        while FileManager.default.fileExists(atPath: output + "/" + Self.frameName(index)) {
            try? FileManager.default.removeItem(atPath: output + "/" + Self.frameName(index))
            index += 1
        }
    }
}
