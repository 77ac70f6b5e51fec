import StickerImage
import StickerSupport

/// `compare`: two files read and decoded, and how the candidate looks beside the original.
public struct FileComparison: Sendable {
    public struct File: Sendable {
        public let path: String
        public let bytes: Int
        public let image: DecodedImage
    }

    public let original: File
    public let candidate: File
    public let comparison: StickerComparison
    /// Scored as fit's search scores (`StickerScoreOptions.quick`).
    public let quick: Bool

    /// A file that cannot be read or decoded, or a pair that cannot be scored, is a usage error: a comparison
    /// needs both.
    public init(original: String, candidate: String, quick: Bool, limits: DecodeLimits) throws(PlainFailure) {
        self.original = try Self.load(original, limits: limits)
        self.candidate = try Self.load(candidate, limits: limits)
        self.quick = quick
        do {
            comparison = try StickerComparison(
                original: self.original.image, candidate: self.candidate.image, options: quick ? .quick : .full)
        } catch {
            throw PlainFailure("\(original): \(error)", isUsage: true)
        }
    }

    private static func load(_ path: String, limits: DecodeLimits) throws(PlainFailure) -> File {
        do {
            let bytes = try ImageDecoder.readFile(at: path, limits: limits)
            return File(path: path, bytes: bytes.count, image: try ImageDecoder.decode(bytes, limits: limits))
        } catch {
            throw error.failure(path: path, isUsage: true)
        }
    }
}
