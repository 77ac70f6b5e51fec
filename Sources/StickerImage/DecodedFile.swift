import StickerSupport

extension DecodeError {
    /// What a command says when `path` does not decode: the problem, then the hint.
    public func failure(path: String, isUsage: Bool = false) -> PlainFailure {
        PlainFailure("\(path): \(self)\n  hint: \(hint)", isUsage: isUsage)
    }
}

extension ImageDecoder {
    /// The file a command works on, decoded, or the failure that names it and says what to do.
    public static func decodeForCommand(_ path: String, limits: DecodeLimits) throws(PlainFailure) -> DecodedImage {
        do {
            return try decodeFile(at: path, limits: limits)
        } catch {
            throw error.failure(path: path)
        }
    }
}
