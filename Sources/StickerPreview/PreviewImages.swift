import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerResample
import StickerSupport

/// What the sheet and the HTML report show of one decoded sticker.
public struct PreviewImages: Sendable {
    /// The first frame at the size it is drawn in a sheet cell (nil when no sheet is drawn).
    public var still: RGBAImage?
    /// A few later frames of an animation, smaller, in order.
    public var strip: [RGBAImage]
    /// The frame numbers (0-based) of the strip's frames.
    public var stripFrames: [Int]
    /// The bytes a browser shows: the file itself, or a PNG/APNG of what the decoder saw when the file
    /// needed a work-around a browser may not make.
    public var embedded: EmbeddedImage?
}

public struct EmbeddedImage: Sendable {
    public var mimeType: String
    public var bytes: [UInt8]

    public var dataURI: String { "data:\(mimeType);base64," + Data(bytes).base64EncodedString() }
}

/// Makes the preview images of every sticker while the prepare phase has it decoded, so each file is decoded once.
/// The drawing scale of each pack comes from its size class, resolved before decoding.
public final class PreviewCollector: @unchecked Sendable {
    public struct Options: Sendable {
        /// Cell size for the sticker of the pack's class, and the largest a sticker is drawn.
        public var cellInner: Int
        public var stripInner: Int
        public var stripFrames = 5
        public var sheet = true
        public var html = true
        public var filter: ResampleFilter = .lanczos3

        public init(cellInner: Int, stripInner: Int, sheet: Bool = true, html: Bool = true) {
            self.cellInner = cellInner
            self.stripInner = stripInner
            self.sheet = sheet
            self.html = html
        }
    }

    public let options: Options
    /// Sheet pixels per sticker pixel, by pack.
    private let scales: [Double]
    private let lock = NSLock()
    private var images: [StickerKey: PreviewImages] = [:]

    /// `classPixels`: the @3x size of each pack's class, in pack order.
    public init(options: Options, classPixels: [Int]) {
        self.options = options
        scales = classPixels.map { Double(options.cellInner) / Double(max(1, $0)) }
    }

    /// The size class of each pack as lint will resolve it, one entry per pack. Only a pack whose class is
    /// inferred from its stickers' sizes (no --size-class, configuration or grid-size) has its headers read here:
    /// the drawing scale is needed while each image is decoded, before the sizes of the others are known.
    public static func classPixels(
        of inputs: [PackInput], configuration: LintConfiguration, sizeClass: SizeClass?,
        limits: DecodeLimits
    ) -> [Int] {
        inputs.map { input -> Int in
            let known = sizeClass ?? configuration.sizeClass ?? input.gridSize
            let sizes =
                known != nil
                ? []
                : input.stickerPaths.map { path -> StickerFacts in
                    var facts = StickerFacts(path: path)
                    // A file the discovery refused (a link out of the folder) is not read, not even its header.
                    if input.refused[path] != nil { return facts }
                    // The header, not the file: JPEG's frame header can follow EXIF and ICC segments, so 256 KiB.
                    // No cause lost: a file that cannot be read or probed is lint's decode error, reported with it.
                    if let probe = try? ImageProbe.probe(
                        FileBytes.head(path, count: 256 << 10, limit: limits.maxFileBytes))
                    {
                        (facts.width, facts.height) = (probe.width, probe.height)
                    }
                    return facts
                }
            return Linter.packContext(input, stickers: sizes, configuration: configuration, sizeClass: sizeClass)
                .sizeClass.pixels
        }
    }

    /// The prepare phase's consumer: makes the sticker's preview images from its decoded frames.
    public var consumer: DecodedImageConsumer {
        { [self] key, bytes, image in
            let made = make(bytes: bytes, image: image, scale: key.pack < scales.count ? scales[key.pack] : 1)
            lock.lock()
            images[key] = made
            lock.unlock()
        }
    }

    /// The images of one sticker; nil when it did not decode.
    public func images(at key: StickerKey) -> PreviewImages? {
        lock.lock()
        defer { lock.unlock() }
        return images[key]
    }

    /// The later frames a strip shows: all after the first, or `limit` of them evenly spread.
    static func stripIndices(frameCount n: Int, limit: Int) -> [Int] {
        n - 1 <= limit ? Array(1..<max(1, n)) : (0..<limit).map { 1 + $0 * (n - 1) / limit }
    }

    /// The size a w x h sticker is drawn at: `scale` sheet pixels per pixel, never larger than `limit`.
    static func fitted(width: Int, height: Int, scale: Double, limit: Int) -> (width: Int, height: Int) {
        let factor = min(scale, Double(limit) / Double(max(width, height, 1)))
        return (max(1, Int((Double(width) * factor).rounded())), max(1, Int((Double(height) * factor).rounded())))
    }

    func make(bytes: [UInt8], image: DecodedImage, scale: Double) -> PreviewImages {
        var still: RGBAImage?
        var strip: [RGBAImage] = []
        var stripFrames: [Int] = []
        if options.sheet {
            let size = Self.fitted(width: image.width, height: image.height, scale: scale, limit: options.cellInner)
            let plan = ResamplePlan(
                sourceWidth: image.width, sourceHeight: image.height, width: size.width, height: size.height,
                filter: options.filter)
            still = plan.resize(image.frames[0].image)
            if image.isAnimated {
                let n = image.frames.count
                stripFrames = Self.stripIndices(frameCount: n, limit: options.stripFrames)
                let small = Self.fitted(
                    width: image.width, height: image.height, scale: .infinity, limit: options.stripInner)
                let stripPlan = ResamplePlan(
                    sourceWidth: image.width, sourceHeight: image.height, width: small.width, height: small.height,
                    filter: options.filter)
                strip = stripFrames.map { stripPlan.resize(image.frames[$0].image) }
            }
        }
        return PreviewImages(
            still: still, strip: strip, stripFrames: stripFrames,
            embedded: options.html ? Self.embedded(bytes: bytes, image: image) : nil)
    }

    /// The file itself when a browser shows it as the decoder does; else the decoded frames as PNG/APNG, or the
    /// file after all when they do not encode: the sticker did decode, so the report must not show it as not.
    static func embedded(bytes: [UInt8], image: DecodedImage) -> EmbeddedImage {
        let file: EmbeddedImage
        switch image.format {
        case .png, .apng: file = EmbeddedImage(mimeType: "image/png", bytes: bytes)
        case .gif: file = EmbeddedImage(mimeType: "image/gif", bytes: bytes)
        case .jpeg: file = EmbeddedImage(mimeType: "image/jpeg", bytes: bytes)
        }
        guard !image.warnings.isEmpty else { return file }
        do {
            return EmbeddedImage(mimeType: "image/png", bytes: try APNGEncoder.encode(image))
        } catch {
            // The decoder's warnings, which are why the file was to be re-encoded, are in the report beside it.
            return file
        }
    }
}
