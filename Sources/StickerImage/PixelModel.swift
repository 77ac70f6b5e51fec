import Foundation

/// The one pixel model every decoder produces: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA buffer does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent canvas.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// Whole frames are compared often (encoders, the fit's checks): one memcmp, not a loop over bytes.
    public static func == (a: Self, b: Self) -> Bool {
        guard a.width == b.width && a.height == b.height else { return false }
        return a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                guard pa.count == pb.count, pa.count > 0 else { return pa.count == pb.count }
                return memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
    }
}

/// One composited frame of an animation: the full canvas as a viewer shows it, and how long it stays.
public struct AnimationFrame: Equatable, Sendable {
    public var image: RGBAImage
    /// The delay as the file states it, in milliseconds, before any player clamping.
    public var delayMs: Double

    public init(image: RGBAImage, delayMs: Double) {
        self.image = image
        self.delayMs = delayMs
    }
}

public enum ImageFormat: String, Codable, Sendable, CaseIterable {
    case png, apng, gif, jpeg

    /// Every extension App Store Connect accepts for a sticker.
    public static let stickerExtensions: Set<String> = ["png", "gif", "jpg", "jpeg"]
    /// Extensions of files in a sticker format: the accepted ones and `.apng`, which lint reports as misnamed.
    public static let readableExtensions = stickerExtensions.union(["apng"])
    /// Image formats a sticker might wrongly be in, so a folder's walk finds them and lint can say so.
    public static let otherImageExtensions: Set<String> = [
        "webp", "heic", "heif", "avif", "bmp", "tif", "tiff", "jxl",
    ]

    /// The extension to give a file of `format` now named `path`: its own when it fits the content,
    /// else the format's (an APNG named .apng becomes .png), else png when the content is unknown.
    public static func fileExtension(for path: String, format: ImageFormat?) -> String {
        let current =
            (path.split(separator: ".").count > 1 ? path.split(separator: ".").last.map(String.init) ?? "" : "")
            .lowercased()
        guard let format else { return stickerExtensions.contains(current) ? current : "png" }
        return format.acceptedExtensions.contains(current) ? current : format.acceptedExtensions[0]
    }

    /// File extensions that App Store Connect accepts for this format.
    public var acceptedExtensions: [String] {
        switch self {
        case .png, .apng: return ["png"]
        case .gif: return ["gif"]
        case .jpeg: return ["jpg", "jpeg"]
        }
    }

    public var displayName: String {
        switch self {
        case .png: return "PNG"
        case .apng: return "APNG"
        case .gif: return "GIF"
        case .jpeg: return "JPEG"
        }
    }
}

/// The colour model a file stores its samples in; the raw value is the short name reports print.
public enum ColorModel: String, Sendable, Codable, CaseIterable {
    case rgba, rgb, gray
    case grayAlpha = "gray+alpha"
    case palette, cmyk, ycck, ycbcr, unknown
}

/// How the file stores its pixels, before conversion to RGBA8.
public struct SourceEncoding: Equatable, Sendable {
    /// Bits per sample in the file (PNG 1-16, GIF palette bits, JPEG 8).
    public var bitDepth: Int
    public var colorType: ColorModel
    /// Whether the file can carry transparency (an alpha channel, tRNS, or a GIF transparent index).
    public var hasAlphaChannel: Bool
    public var interlaced: Bool
    /// JPEG only: progressive and arithmetic coding.
    public var progressive: Bool = false
    public var arithmetic: Bool = false
    /// EXIF orientation 1-8 when the file has one. Pixels are kept as stored; this says how a viewer rotates them.
    public var exifOrientation: Int? = nil

    public init(bitDepth: Int, colorType: ColorModel, hasAlphaChannel: Bool, interlaced: Bool) {
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.hasAlphaChannel = hasAlphaChannel
        self.interlaced = interlaced
    }
}

/// A fully decoded still or animated image: every frame composited on the canvas.
public struct DecodedImage: Sendable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// One frame for a still image.
    public var frames: [AnimationFrame]
    /// APNG `num_plays` or the GIF NETSCAPE2.0 loop count: 0 loops forever. `nil` when the file names none
    /// (a still image, or a GIF without the extension, which plays once).
    public var loopCount: Int?
    public var encoding: SourceEncoding
    /// Problems that did not stop the decode, for the linter to report (a broken APNG shown as its still image).
    public var warnings: [String]

    public var isAnimated: Bool { frames.count > 1 }
    public var delaysMs: [Double] { frames.map(\.delayMs) }
    public var durationMs: Double { frames.reduce(0) { $0 + $1.delayMs } }
}
