import Foundation
import StickerImage
import StickerJSON
import StickerResample
import StickerSupport

/// The iMessage app icon set (`.stickersiconset`): the 13 images of Xcode's template from one piece of art.
public enum IconSetMaker {
    public struct Slot: Sendable {
        public let size: String
        public let scale: Int
        public let idiom: String
        public let platform: String?

        public var pixels: (width: Int, height: Int) { Self.pixels(size: size, scale: scale) ?? (0, 0) }

        /// "60x45" points at 3x: 180 x 135 pixels; nil when `size` is not "WxH".
        public static func pixels(size: String, scale: Int) -> (width: Int, height: Int)? {
            let parts = size.split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { return nil }
            return (Int((parts[0] * Double(scale)).rounded()), Int((parts[1] * Double(scale)).rounded()))
        }

        public var filename: String { "\(idiom)-\(size)@\(scale)x.png" }
    }

    /// Xcode's template, in its order (`docs/sticker-rules.md`).
    public static let slots: [Slot] = [
        Slot(size: "29x29", scale: 2, idiom: "iphone", platform: nil),
        Slot(size: "29x29", scale: 3, idiom: "iphone", platform: nil),
        Slot(size: "60x45", scale: 2, idiom: "iphone", platform: nil),
        Slot(size: "60x45", scale: 3, idiom: "iphone", platform: nil),
        Slot(size: "29x29", scale: 2, idiom: "ipad", platform: nil),
        Slot(size: "67x50", scale: 2, idiom: "ipad", platform: nil),
        Slot(size: "74x55", scale: 2, idiom: "ipad", platform: nil),
        Slot(size: "27x20", scale: 2, idiom: "universal", platform: "ios"),
        Slot(size: "27x20", scale: 3, idiom: "universal", platform: "ios"),
        Slot(size: "32x24", scale: 2, idiom: "universal", platform: "ios"),
        Slot(size: "32x24", scale: 3, idiom: "universal", platform: "ios"),
        Slot(size: "1024x768", scale: 1, idiom: "ios-marketing", platform: "ios"),
        Slot(size: "1024x1024", scale: 1, idiom: "ios-marketing", platform: nil),
    ]

    public enum Fit: String, CaseIterable, Sendable {
        /// The whole art inside the icon, transparent (or background) margins.
        case contain
        /// The icon filled, the art's overflow cropped from the centre.
        case cover
    }

    /// Throws when the art scaled for some icon would pass the limits: `cover` scales thin art by its short side,
    /// so a 1x16384 px art would need a 1024x16777216 px image before the crop.
    public static func checkSizes(art: RGBAImage, fit: Fit, limits: DecodeLimits) throws(OutputSizeError) {
        for slot in slots {
            let (w, h) = slot.pixels
            let scaled = scaledSize(art, width: w, height: h, fit: fit)
            try limits.checkOutput(width: scaled.width, height: scaled.height)
        }
    }

    /// Writes the set as `folder`: 13 PNGs and Contents.json, built beside it and moved into place when complete,
    /// so a failure leaves the previous set or none. An existing, non-empty folder is replaced only when `replacing`.
    /// Every image is flattened onto `background` and written without an alpha channel: App Store Connect rejects
    /// one in the 1024x1024, and Apple asks for no transparent regions in the others (Technical Q&A QA1686), which
    /// `--fit contain` margins or transparent art would leave.
    public static func write(
        art: RGBAImage, to folder: String, replacing: Bool = false, fit: Fit, background: SIMD3<UInt8>,
        filter: ResampleFilter = .lanczos3, limits: DecodeLimits = .default
    ) throws {
        try checkSizes(art: art, fit: fit, limits: limits)
        try AtomicDirectory.write(folder, replacing: replacing) { temporary in
            try fill(temporary, art: art, fit: fit, background: background, filter: filter)
        }
    }

    private static func fill(
        _ folder: String, art: RGBAImage, fit: Fit, background: SIMD3<UInt8>, filter: ResampleFilter
    ) throws {
        for slot in slots {
            let (w, h) = slot.pixels
            let icon = flattened(fitted(art, width: w, height: h, fit: fit, filter: filter), on: background)
            try AtomicFileWriter.write(try PNGEncoder.encodeOpaque(icon), to: folder + "/" + slot.filename)
        }
        try AtomicFileWriter.write(Array(contentsJSON().serializedForXcode().utf8), to: folder + "/Contents.json")
    }

    public static func contentsJSON() -> JSONValue {
        .object([
            (
                "images",
                .array(
                    slots.map { slot in
                        var members: [(String, JSONValue)] = [
                            ("filename", .string(slot.filename)), ("idiom", .string(slot.idiom)),
                            ("scale", .string("\(slot.scale)x")), ("size", .string(slot.size)),
                        ]
                        if let platform = slot.platform { members.append(("platform", .string(platform))) }
                        return .object(members)
                    })
            ),
            ("info", XcodeInfo.value),
        ])
    }

    /// The art scaled to fit (contain) or fill (cover) a width x height canvas, centred.
    /// Callers check the scaled size first (`checkSizes`).
    public static func fitted(_ art: RGBAImage, width: Int, height: Int, fit: Fit, filter: ResampleFilter) -> RGBAImage
    {
        let (w, h) = scaledSize(art, width: width, height: height, fit: fit)
        let scaled = ResamplePlan(sourceWidth: art.width, sourceHeight: art.height, width: w, height: h, filter: filter)
            .resize(art)
        var canvas = RGBAImage(width: width, height: height)
        let x = (width - w) / 2
        let y = (height - h) / 2
        for row in 0..<height where row - y >= 0 && row - y < h {
            for column in 0..<width where column - x >= 0 && column - x < w {
                let s = ((row - y) * w + (column - x)) * 4
                let d = (row * width + column) * 4
                canvas.pixels[d..<(d + 4)] = scaled.pixels[s..<(s + 4)]
            }
        }
        return canvas
    }

    /// The art's size scaled to fit (contain) or fill (cover) width x height, before centring and cropping;
    /// clamped rather than trapping for absurd aspects, so the limits check can refuse it.
    static func scaledSize(_ art: RGBAImage, width: Int, height: Int, fit: Fit) -> (width: Int, height: Int) {
        let scaleX = Double(width) / Double(art.width)
        let scaleY = Double(height) / Double(art.height)
        let scale = fit == .contain ? min(scaleX, scaleY) : max(scaleX, scaleY)
        func side(_ value: Int) -> Int {
            let exact = (Double(value) * scale).rounded()
            return exact < 0x1p62 ? max(1, Int(exact)) : 1 << 62
        }
        return (side(art.width), side(art.height))
    }

    /// Composited over an opaque colour: every pixel's alpha becomes 255.
    public static func flattened(_ image: RGBAImage, on background: SIMD3<UInt8>) -> RGBAImage {
        var out = image
        for i in Swift.stride(from: 0, to: out.pixels.count, by: 4) {
            let a = Int(out.pixels[i + 3])
            for c in 0..<3 {
                let bg = Int(background[c])
                out.pixels[i + c] = UInt8((Int(out.pixels[i + c]) * a + bg * (255 - a) + 127) / 255)
            }
            out.pixels[i + 3] = 255
        }
        return out
    }
}

/// `"info": {"author": "xcode", "version": 1}`, in every Contents.json.
public enum XcodeInfo {
    public static let value = JSONValue.object([("author", .string("xcode")), ("version", .int(1))])
}
