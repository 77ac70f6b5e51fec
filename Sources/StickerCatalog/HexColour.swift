/// A colour written as `#RRGGBB` (the `#` may be left out), as `icons --background` takes it.
public enum HexColour {
    public static func parse(_ text: String) -> SIMD3<UInt8>? {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return SIMD3(UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }
}
