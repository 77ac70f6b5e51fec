import StickerImage
import StickerSupport

/// What the lossless step produced: the bytes, their format, and the steps applied, in words a report can print
/// ("dropped 3 chunks", "zeroed colour under alpha 0", "palette", "rows filtered, deflate level 12",
/// "12 frames cropped to what changed", "merged 2 identical frames", "optimised Huffman tables", "progressive").
public struct LosslessEncoding: Sendable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var steps: [String]

    public init(bytes: [UInt8], format: ImageFormat, steps: [String]) {
        self.bytes = bytes
        self.format = format
        self.steps = steps
    }
}
