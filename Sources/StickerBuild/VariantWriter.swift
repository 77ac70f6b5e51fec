import Foundation
import StickerImage
import StickerResample
import StickerSupport

/// The @3x copy and downscaled @2x/@1x files of one sticker, in its own format.
public struct VariantWriter: Sendable {
    public var scales: [Int]
    public var filter: ResampleFilter
    public var linear: Bool
    public var compression: PNGCompression
    public var limits: DecodeLimits

    public init(
        scales: [Int] = [2, 1], filter: ResampleFilter = .lanczos3, linear: Bool = false,
        compression: PNGCompression = .fast,
        limits: DecodeLimits = .default
    ) {
        self.scales = scales
        self.filter = filter
        self.linear = linear
        self.compression = compression
        self.limits = limits
    }

    /// `--scales`: a comma-separated list of 1, 2 or 3.
    public static func parseScales(_ text: String) throws(PlainFailure) -> [Int] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let list = items.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !list.isEmpty, list.count == items.count, list.allSatisfy({ (1...3).contains($0) }) else {
            throw PlainFailure("--scales takes a comma-separated list of 1, 2 or 3, not '\(text)'.", isUsage: true)
        }
        return list
    }

    public struct Output: Sendable {
        public let scale: Int
        public let path: String
        public let width: Int
        public let height: Int
    }

    /// `folder/stem@Nx.ext` for the @3x copy and each scale. The extension follows the source's when it
    /// fits the content (`format`, when known), else the format's.
    public func paths(for source: String, stem: String, in folder: String, format: ImageFormat? = nil) -> [(
        scale: Int, path: String
    )] {
        let ext = ImageFormat.fileExtension(for: (source as NSString).lastPathComponent, format: format)
        return ([3] + scales.filter { $0 != 3 }).map { ($0, folder + "/\(stem)@\($0)x.\(ext)") }
    }

    /// One output and its bytes, made but not yet written.
    public struct EncodedFile: Sendable {
        public let output: Output
        public let bytes: [UInt8]

        /// The same file named in `folder` instead.
        func placed(in folder: String) -> EncodedFile {
            let name = (output.path as NSString).lastPathComponent
            return EncodedFile(
                output: Output(
                    scale: output.scale, path: folder + "/" + name, width: output.width, height: output.height),
                bytes: bytes)
        }
    }

    /// Decodes once and makes every output in memory (the @3x one is the source's bytes); writes nothing.
    public func encode(source: String, stem: String, into folder: String) throws -> [EncodedFile] {
        let bytes = try FileBytes.read(source, limit: limits.maxFileBytes)
        return try encode(
            bytes: bytes, image: try ImageDecoder.decode(bytes, limits: limits), source: source, stem: stem,
            into: folder)
    }

    /// Every output of a file already read (`bytes`) and decoded (`image`), in memory.
    public func encode(bytes: [UInt8], image: DecodedImage, source: String, stem: String, into folder: String) throws
        -> [EncodedFile]
    {
        try paths(for: source, stem: stem, in: folder, format: image.format).map { scale, path in
            if scale == 3 {
                return EncodedFile(
                    output: Output(scale: 3, path: path, width: image.width, height: image.height), bytes: bytes)
            }
            let size = ResamplePlan.variantSize(width: image.width, height: image.height, scale: scale)
            try limits.checkOutput(width: size.width, height: size.height, frames: image.frames.count)
            let small = image.resized(width: size.width, height: size.height, filter: filter, linear: linear)
            return EncodedFile(
                output: Output(scale: scale, path: path, width: size.width, height: size.height),
                bytes: try ImageEncoder.encode(small, as: image.format, compression: compression))
        }
    }

    /// Writes encoded outputs atomically into `folder` (created if needed); returns what it wrote.
    public static func write(_ files: [EncodedFile], into folder: String) throws -> [Output] {
        try AtomicFileWriter.createFolder(folder)
        for file in files { try AtomicFileWriter.write(file.bytes, to: file.output.path) }
        return files.map(\.output)
    }

    /// Decodes once, writes every output atomically, returns what it wrote.
    public func write(source: String, stem: String, into folder: String) throws -> [Output] {
        try Self.write(encode(source: source, stem: stem, into: folder), into: folder)
    }
}
