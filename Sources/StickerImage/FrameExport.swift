import Foundation
import StickerSupport

/// `frames`: every composited frame of a file as an RGBA PNG, frame-0000.png, frame-0001.png, ... in a folder.
public enum FrameExport {
    public static func frameName(_ index: Int) -> String { String(format: "frame-%04d.png", index) }

    /// Writes the frames of `file` into `folder` (created if needed); returns the decoded image.
    public static func write(_ file: String, to folder: String, limits: DecodeLimits) throws(PlainFailure)
        -> DecodedImage
    {
        let image = try ImageDecoder.decodeForCommand(file, limits: limits)
        do {
            try AtomicFileWriter.createFolder(folder)
        } catch {
            throw PlainFailure("\(error)")
        }
        // Encode every frame before writing any, so that a failure leaves no partial set behind.
        let encoded: [[UInt8]]
        do {
            encoded = try image.frames.map { frame throws(EncodeError) in try PNGEncoder.encodeRGBA(frame.image) }
        } catch {
            throw PlainFailure("\(file): \(error)")
        }
        for (index, png) in encoded.enumerated() {
            do {
                try AtomicFileWriter.write(png, to: folder + "/" + frameName(index))
            } catch {
                throw PlainFailure("\(error)")
            }
        }
        try removeStaleFrames(in: folder, from: encoded.count)
        return image
    }

    /// Frames left by an earlier, longer run would read as part of this animation: one that stays is a failure.
    static func removeStaleFrames(in folder: String, from count: Int) throws(PlainFailure) {
        var index = count
        while FileManager.default.fileExists(atPath: folder + "/" + frameName(index)) {
            let path = folder + "/" + frameName(index)
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                throw PlainFailure(
                    "\(path): cannot remove this frame of an earlier run (\(reason(error))); it would read as part of "
                        + "this animation. Remove it, or write the frames into an empty folder.")
            }
            index += 1
        }
    }

    /// The reason in the words the other file errors use; Foundation's reads as a sentence about an operation.
    private static func reason(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileWriteNoPermission?, .fileReadNoPermission?: return "permission denied"
        case .fileWriteVolumeReadOnly?: return "the disk is read-only"
        default: return error.localizedDescription
        }
    }
}
