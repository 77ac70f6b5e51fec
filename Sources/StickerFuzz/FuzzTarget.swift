import Foundation
import StickerCatalog
import StickerImage
import StickerSupport

/// What each fuzz target feeds its input to: the same entry points the command line uses, with the default
/// limits. A clean error is the expected outcome for most inputs; only a crash, a hang or a leak is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case png, apng, gif, jpeg, catalog

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .png, .apng, .gif, .jpeg: Self.decode(bytes)
        case .catalog: Self.readCatalog(bytes)
        }
    }

    /// Replays a saved input. Read through FileBytes: Foundation's Data(contentsOf:) leaks on an empty file.
    public func replay(file path: String) throws {
        run(try FileBytes.read(path, limit: 64 << 20))
    }

    /// The image targets share one entry (the content picks the decoder); their seeds and dictionaries differ.
    static func decode(_ bytes: [UInt8]) {
        // No cause lost: a clean error is the expected outcome for most inputs; only a crash is a finding.
        _ = try? ImageProbe.probe(bytes)
        guard let image = try? ImageDecoder.decode(bytes) else { return }
        // Touch what lint computes from the pixels, so a frame shorter than its size would show.
        for frame in image.frames { _ = frame.image.transparentPixelCount }
    }

    /// The reader takes a folder, so the input becomes every Contents.json of a small catalog: the root's,
    /// a pack's, a sticker's and a sequence's, all read in one pass.
    static func readCatalog(_ bytes: [UInt8]) {
        let root = catalogFolder
        let data = Data(bytes)
        for folder in catalogFolders {
            _ = FileManager.default.createFile(atPath: folder + "/Contents.json", contents: data)
        }
        _ = CatalogReader.read(root)
    }

    /// One tree per process, reused for every input (libFuzzer runs millions in one process).
    static let catalogFolder: String = {
        let root = NSTemporaryDirectory() + "stickerpack-fuzz-\(getpid()).xcstickers"
        for folder in [
            "", "/Pack.stickerpack/a.sticker", "/Pack.stickerpack/b.stickersequence", "/Icons.stickersiconset",
        ] {
            do {
                try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
            } catch {
                // Without its folders the target would read nothing, and every run would pass for the wrong reason.
                fatalError("cannot make the fuzz catalog \(root + folder): \(error.localizedDescription)")
            }
        }
        return root
    }()

    static var catalogFolders: [String] {
        [
            "", "/Pack.stickerpack", "/Pack.stickerpack/a.sticker", "/Pack.stickerpack/b.stickersequence",
            "/Icons.stickersiconset",
        ]
        .map { catalogFolder + $0 }
    }
}
