import StickerImage
import StickerSupport

/// Everything the rules know about one sticker file, computed in one decoding pass.
/// Rules read facts, never files, so a rule can be tested with a literal value.
public struct StickerFacts: Sendable {
    public var path: String
    public var bytes: Int
    /// The sniffed format, or nil when the content is not PNG, APNG, GIF or JPEG (or could not be read).
    public var format: ImageFormat?
    public var decodeError: DecodeError?
    public var width: Int?
    public var height: Int?
    public var frameCount: Int
    public var delaysMs: [Double]
    public var loopCount: Int?
    public var bitDepth: Int?
    public var colorType: ColorModel?
    public var hasAlphaChannel: Bool
    /// Pixels with alpha 0 in the first frame.
    public var transparentPixels: Int
    /// Every pixel on the border of the first frame is fully opaque.
    public var borderOpaque: Bool
    public var exifOrientation: Int?
    /// The smallest rectangle of the first frame holding every pixel with alpha above 0.
    public var visibleBounds: (x: Int, y: Int, width: Int, height: Int)?
    /// XXH3-128 of the size and every frame's pixels: equal keys make candidates for duplicates.
    public var pixelKey: PixelKey?
    /// The earlier sticker of the pack with exactly these pixels, every frame (confirmed, not hashed).
    public var sameAs: String?
    /// Problems the decoder worked around (a broken APNG shown as a still, junk bytes in a JPEG).
    public var decodeWarnings: [String]

    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The extension, lowercased, without the dot; empty when there is none.
    public var fileExtension: String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return "" }
        return String(fileName[fileName.index(after: dot)...]).lowercased()
    }

    public var isAnimated: Bool { frameCount > 1 }
    public var decoded: Bool { decodeError == nil && width != nil }

    public init(
        path: String, bytes: Int = 0, format: ImageFormat? = nil, decodeError: DecodeError? = nil,
        width: Int? = nil, height: Int? = nil, frameCount: Int = 0, delaysMs: [Double] = [], loopCount: Int? = nil,
        bitDepth: Int? = nil, colorType: ColorModel? = nil, hasAlphaChannel: Bool = false, transparentPixels: Int = 0,
        borderOpaque: Bool = false, exifOrientation: Int? = nil, pixelKey: PixelKey? = nil, sameAs: String? = nil,
        decodeWarnings: [String] = []
    ) {
        self.path = path
        self.bytes = bytes
        self.format = format
        self.decodeError = decodeError
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.delaysMs = delaysMs
        self.loopCount = loopCount
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.hasAlphaChannel = hasAlphaChannel
        self.transparentPixels = transparentPixels
        self.borderOpaque = borderOpaque
        self.exifOrientation = exifOrientation
        self.pixelKey = pixelKey
        self.sameAs = sameAs
        self.decodeWarnings = decodeWarnings
    }
}

extension StickerFacts {
    /// Reads and decodes the file once and derives every fact from that pass; `visit` sees the decoded image.
    public static func read(
        path: String, limits: DecodeLimits = .default,
        visit: (@Sendable ([UInt8], DecodedImage) -> Void)? = nil
    ) -> StickerFacts {
        readOnce(path: path, limits: limits, buffers: PixelBuffers(), visit: visit).facts
    }

    /// `read`, and whether the file's bytes reached the decoder (the prepare phase counts decodes). The pixels
    /// are decoded into `buffers` and given back to them once the facts are taken and `visit` has seen them.
    static func readOnce(
        path: String, limits: DecodeLimits, buffers: PixelBuffers,
        visit: (@Sendable ([UInt8], DecodedImage) -> Void)?
    ) -> (facts: StickerFacts, decoded: Bool) {
        var facts = StickerFacts(path: path)
        let bytes: [UInt8]
        do {
            bytes = try ImageDecoder.readFile(at: path, limits: limits)
        } catch {
            facts.decodeError = error
            return (facts, false)
        }
        facts.bytes = bytes.count
        // No cause lost: content of no known format fails the decode below, which records why.
        facts.format = try? FormatSniffer.sniff(bytes)
        do {
            let image = try ImageDecoder.decode(bytes, limits: limits, buffers: buffers)
            facts.record(image)
            visit?(bytes, image)
            buffers.reclaim(image)
        } catch {
            facts.decodeError = error
            // The header may still say how big the art is, for the size rules; the decode error is the report.
            if let probe = try? ImageProbe.probe(bytes) {
                facts.width = probe.width
                facts.height = probe.height
            }
        }
        return (facts, true)
    }

    mutating func record(_ image: DecodedImage) {
        format = image.format
        width = image.width
        height = image.height
        frameCount = image.frames.count
        delaysMs = image.isAnimated ? image.delaysMs : []
        loopCount = image.loopCount
        bitDepth = image.encoding.bitDepth
        colorType = image.encoding.colorType
        hasAlphaChannel = image.encoding.hasAlphaChannel
        exifOrientation = image.encoding.exifOrientation
        decodeWarnings = image.warnings
        if let first = image.frames.first?.image {
            let alpha = first.alphaStatistics
            transparentPixels = alpha.transparentPixels
            borderOpaque = alpha.borderOpaque
            visibleBounds = alpha.visibleBounds
        }
        pixelKey = PixelKey(image)
    }
}
