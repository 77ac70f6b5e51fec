import Foundation
import StickerImage
import StickerSupport

/// `resize`: one file read, every frame resampled to a new size, written in the format its name says.
public struct ResizeJob: Sendable {
    public var input: String
    public var output: String
    public var width: Int
    /// nil keeps the input's aspect.
    public var height: Int?
    public var filter: ResampleFilter = .lanczos3
    public var linear = false
    public var compression: PNGCompression = .fast
    public var replacing = false
    public var limits: DecodeLimits = .default

    public init(input: String, output: String, width: Int, height: Int?) {
        self.input = input
        self.output = output
        self.width = width
        self.height = height
    }

    /// The format an output name asks for, or nil when its extension is none of ours.
    public static func format(of path: String) -> ImageFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "png", "apng": return .png
        case "gif": return .gif
        case "jpg", "jpeg": return .jpeg
        default: return nil
        }
    }

    /// The size and the output's name, checked before any file is read: a size beyond the limits or a name of no
    /// format is a usage failure.
    public func check() throws(PlainFailure) {
        if width < 1 { throw PlainFailure("--width must be at least 1.", isUsage: true) }
        if let height, height < 1 { throw PlainFailure("--height must be at least 1.", isUsage: true) }
        do {
            try limits.checkOutput(width: width, height: height ?? 1)
        } catch {
            throw PlainFailure(
                "The size asked for is beyond the limits: \(error.reason). Choose a smaller --width or --height, "
                    + "or raise --max-side, --max-pixels or --max-memory.", isUsage: true)
        }
        if Self.format(of: output) == nil {
            throw PlainFailure("The output must end in .png, .gif, .jpg or .jpeg.", isUsage: true)
        }
    }

    /// Writes the output; returns the input as decoded and the output as resampled.
    public func run() throws(PlainFailure) -> (input: DecodedImage, output: DecodedImage) {
        if FileManager.default.fileExists(atPath: output) && !replacing {
            throw PlainFailure("\(output) exists; use --force to replace it")
        }
        let image = try ImageDecoder.decodeForCommand(input, limits: limits)
        let newHeight = height ?? ResamplePlan.heightKeepingAspect(of: image, width: width)
        // The input decides the height (its aspect) and the frame count: beyond the limits, that is the file's doing.
        do {
            try limits.checkOutput(width: width, height: newHeight, frames: image.frames.count)
        } catch {
            throw PlainFailure("\(input): \(error)\n  hint: \(error.hint)")
        }
        let resized = image.resized(width: width, height: newHeight, filter: filter, linear: linear)
        do {
            guard let format = Self.format(of: output) else { throw PlainFailure("\(output): not .png, .gif or .jpg") }
            try AtomicFileWriter.write(
                try ImageEncoder.encode(resized, as: format, compression: compression), to: output)
        } catch {
            throw PlainFailure("\(error)")
        }
        return (image, resized)
    }
}
