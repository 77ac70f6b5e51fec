/// One file read and decoded for `info` (or only its header probed), or the error that stopped it.
public struct ImageInspection: Sendable {
    public let path: String
    public private(set) var bytes: Int?
    public private(set) var decoded: DecodedImage?
    public private(set) var probe: ImageProbe?
    public private(set) var error: DecodeError?

    public init(path: String, headerOnly: Bool, limits: DecodeLimits) {
        self.path = path
        do {
            let data = try ImageDecoder.readFile(at: path, limits: limits)
            bytes = data.count
            if headerOnly {
                probe = try ImageProbe.probe(data)
            } else {
                decoded = try ImageDecoder.decode(data, limits: limits)
            }
        } catch {
            self.error = error
        }
    }

    /// Transparent pixels of the first frame.
    public var transparentPixels: Int? { decoded?.frames.first?.image.transparentPixelCount }
}
