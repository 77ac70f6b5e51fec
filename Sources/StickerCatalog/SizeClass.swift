/// The pack's sticker size class (MSStickerSize): one per pack, and the art should match it.
public enum SizeClass: String, Sendable, CaseIterable, Codable {
    case small, regular, large

    /// The @3x pixel size of the class.
    public var pixels: Int {
        switch self {
        case .small: return 300
        case .regular: return 408
        case .large: return 618
        }
    }

    public var points: Int { pixels / 3 }

    /// The class whose pixel size is nearest to `side`.
    public static func nearest(to side: Int) -> SizeClass {
        allCases.min { abs($0.pixels - side) < abs($1.pixels - side) } ?? .regular
    }
}
