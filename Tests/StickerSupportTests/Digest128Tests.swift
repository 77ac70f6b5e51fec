import Testing

@testable import StickerSupport

@Suite("Digest128: XXH3-128 of bytes, whole or fed in pieces")
struct Digest128Tests {
    static func digest(_ bytes: [UInt8]) -> Digest128 { bytes.withUnsafeBytes { Digest128(of: $0) } }

    /// Pieces fed one after another digest as their concatenation does, at any cut (XXH3's stripes are 64 bytes).
    @Test func piecesDigestAsTheirConcatenation() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let whole = Self.digest(bytes)
        for cut in [0, 1, 63, 64, 65, 500, 999, 1000] {
            let pieces = Digest128 { feed in
                bytes[..<cut].withUnsafeBytes(feed)
                bytes[cut...].withUnsafeBytes(feed)
            }
            #expect(pieces == whole)
        }
    }

    /// One bit changed anywhere, or one byte more, is another digest.
    @Test func anyChangeIsAnotherDigest() {
        let bytes = [UInt8](repeating: 7, count: 300)
        let digest = Self.digest(bytes)
        for position in [0, 150, 299] {
            var changed = bytes
            changed[position] ^= 1
            #expect(Self.digest(changed) != digest)
        }
        #expect(Self.digest(bytes + [7]) != digest)
        #expect(Self.digest([]) != Self.digest([0]))
    }
}
