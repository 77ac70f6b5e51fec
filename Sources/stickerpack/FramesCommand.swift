import ArgumentParser
import Foundation
import StickerImage

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write every composited frame of an image as an RGBA PNG, to see what the decoder saw.",
        discussion: """
            Frames are written as frame-0000.png, frame-0001.png, ... in the output folder, which is
            created if needed. Each is the full canvas after that frame is drawn, as a browser shows it.

            Example:
              stickerpack frames wave.gif -o wave-frames
            """
    )

    @Argument(help: "The image file.", completion: .file())
    var file: String

    @Option(name: .shortAndLong, help: "The folder to write the frames into.", completion: .directory)
    var output: String

    func run() throws {
        let image: DecodedImage
        do {
            image = try ImageDecoder.decodeFile(at: file)
        } catch {
            Console.error("\(file): \(error)\n  hint: \(error.hint)")
            throw ExitCode(ExitStatus.failure)
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            Console.error("\(output): cannot create the folder: \(error.localizedDescription)")
            throw ExitCode(ExitStatus.failure)
        }
        for (index, frame) in image.frames.enumerated() {
            let name = String(format: "frame-%04d.png", index)
            do {
                try AtomicFileWriter.write(try PNGEncoder.encode(frame.image), to: output + "/" + name)
            } catch {
                Console.error("\(error)")
                throw ExitCode(ExitStatus.failure)
            }
        }
        print("\(file): wrote \(image.frames.count) frame\(image.frames.count == 1 ? "" : "s") of \(image.width)x\(image.height) px to \(output)/")
    }
}

enum Console {
    static func error(_ message: String) {
        FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    }
}
