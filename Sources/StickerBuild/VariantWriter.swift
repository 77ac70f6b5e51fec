import Foundation
import StickerImage
import StickerResample

/// The @3x copy and downscaled @2x/@1x files of one sticker, in its own format.
public struct VariantWriter: Sendable {
    public var scales: [Int]
    public var filter: ResampleFilter
    public var linear: Bool
    public var compression: PNGCompression
    public var limits: DecodeLimits

    public init(
        scales: [Int] = [2, 1], filter: ResampleFilter = .lanczos3, linear: Bool = false, compression: PNGCompression = .fast,
        limits: DecodeLimits = .default
    ) {
        self.scales = scales
        self.filter = filter
        self.linear = linear
        self.compression = compression
        self.limits = limits
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

    /// Decodes once, writes every output atomically, returns what it wrote.
    public func write(source: String, stem: String, into folder: String) throws -> [Output] {
        let bytes = try FileBytes.read(source, limit: limits.maxFileBytes)
        let image = try ImageDecoder.decode(bytes, limits: limits)
        try AtomicFileWriter.createFolder(folder)
        var outputs: [Output] = []
        for (scale, path) in paths(for: source, stem: stem, in: folder, format: image.format) {
            if scale == 3 {
                try AtomicFileWriter.write(bytes, to: path)
                outputs.append(Output(scale: 3, path: path, width: image.width, height: image.height))
                continue
            }
            let size = ResamplePlan.variantSize(width: image.width, height: image.height, scale: scale)
            let small = image.resized(width: size.width, height: size.height, filter: filter, linear: linear)
            try AtomicFileWriter.write(
                try ImageEncoder.encode(small, as: image.format, compression: compression), to: path)
            outputs.append(Output(scale: scale, path: path, width: size.width, height: size.height))
        }
        return outputs
    }
}
