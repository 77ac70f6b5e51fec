import StickerImage

/// The backgrounds Apple suggests checking a sticker over, plus a checkerboard that shows transparency.
/// The sheet and the HTML report draw the same set, in this order.
public enum PreviewBackground: String, CaseIterable, Sendable {
    case white, black, red, yellow, gradient, checkerboard, photo

    /// The short column title.
    public var label: String { self == .checkerboard ? "checker" : rawValue }

    /// The one colour of a plain background (what a test finds around a sticker).
    public var solidColour: Colour? {
        switch self {
        case .white: return Colour(hex: 0xFFFFFF)
        case .black: return Colour(hex: 0x000000)
        case .red: return Colour(hex: 0xFF3B30)
        case .yellow: return Colour(hex: 0xFFCC00)
        case .gradient, .checkerboard, .photo: return nil
        }
    }

    /// The multicoloured gradient, top-left to bottom-right (Apple's system colours).
    static let gradientStops: [Colour] = [0xFF3B30, 0xFF9500, 0xFFCC00, 0x34C759, 0x007AFF, 0xAF52DE].map(
        Colour.init(hex:))
    static let checkerLight = Colour(hex: 0xFFFFFF), checkerDark = Colour(hex: 0xCCCCCC)
    /// One checker square, in pixels of the sheet and CSS pixels of the report.
    public static let checkerSquare = 12

    /// The background as an opaque image of the given size.
    public func render(width: Int, height: Int) -> RGBAImage {
        if let colour = solidColour {
            return RGBAImage(
                width: width, height: height,
                pixels: [UInt8]((0..<width * height).flatMap { _ in [colour.r, colour.g, colour.b, 255] }))
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour: Colour
                switch self {
                case .gradient: colour = Self.gradient(at: Double(x + y) / Double(max(1, width + height - 2)))
                case .checkerboard:
                    colour =
                        (x / Self.checkerSquare + y / Self.checkerSquare) % 2 == 0
                        ? Self.checkerLight : Self.checkerDark
                default:
                    colour = PhotoTexture.colour(
                        u: (Double(x) + 0.5) / Double(width), v: (Double(y) + 0.5) / Double(height))
                }
                let i = (y * width + x) * 4
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (colour.r, colour.g, colour.b)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The gradient's colour at t in 0...1, stops evenly spaced.
    static func gradient(at t: Double) -> Colour {
        let position = min(max(t, 0), 1) * Double(gradientStops.count - 1)
        let index = min(Int(position), gradientStops.count - 2)
        let f = position - Double(index)
        let a = gradientStops[index]
        let b = gradientStops[index + 1]
        func mix(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8((Double(p) * (1 - f) + Double(q) * f).rounded()) }
        return Colour(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
    }

    /// The same background in CSS; the photo is the texture as a PNG data URI.
    public func css(photoDataURI: String) -> String {
        switch self {
        case .gradient: return "linear-gradient(135deg, " + Self.gradientStops.map(\.css).joined(separator: ", ") + ")"
        case .checkerboard:
            let size = Self.checkerSquare * 2
            return
                "repeating-conic-gradient(\(Self.checkerDark.css) 0 25%, \(Self.checkerLight.css) 0 50%) 0 0 / "
                + "\(size)px \(size)px"
        case .photo: return "url(\"\(photoDataURI)\") center / cover"
        default: return solidColour?.css ?? "#ffffff"
        }
    }
}
