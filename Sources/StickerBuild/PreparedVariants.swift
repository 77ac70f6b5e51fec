import Foundation
import StickerImage
import StickerLint

/// Build's @3x/@2x/@1x files, encoded while lint's prepare phase has each sticker decoded, so a build decodes
/// every file once. Only the encoded bytes are kept (no pixels) until the catalog is written.
public final class PreparedVariants: @unchecked Sendable {
    public struct NotDecoded: Error, CustomStringConvertible {
        public let source: String
        public var description: String { "\(source): it did not decode, so it has no variants" }
    }

    let writer: VariantWriter
    /// The sticker name of each single-file item of the plan, by source path.
    let stems: [String: String]
    private let lock = NSLock()
    private var files: [String: Result<[VariantWriter.EncodedFile], Error>] = [:]

    public init(writer: VariantWriter, plan: PackPlan) {
        self.writer = writer
        var stems: [String: String] = [:]
        for item in plan.items { if case .file(let path) = item.source { stems[path] = item.name } }
        self.stems = stems
    }

    /// The prepare phase's consumer for a run whose pack `pack` lists `paths`: encodes every single-file sticker.
    public func consumer(pack: Int, paths: [String]) -> DecodedImageConsumer {
        { [self] key, bytes, image in
            guard key.pack == pack, let stem = stems[paths[key.sticker]] else { return }
            let source = paths[key.sticker]
            // Encoded for an empty folder: the real one (a temporary folder) is known only when writing.
            let made = Result { try writer.encode(bytes: bytes, image: image, source: source, stem: stem, into: "") }
            lock.lock()
            files[source] = made
            lock.unlock()
        }
    }

    /// Writes the variants of `source` into `folder`; returns what it wrote.
    func write(source: String, into folder: String) throws -> [VariantWriter.Output] {
        lock.lock()
        let made = files[source]
        lock.unlock()
        guard let made else { throw NotDecoded(source: source) }
        return try VariantWriter.write(try made.get().map { $0.placed(in: folder) }, into: folder)
    }
}
