import Testing

@testable import StickerSupport

@Suite("Digest128: XXH3-128 of bytes, whole or fed in pieces")
struct Digest128Tests {
    /// Pieces fed one after another digest as their concatenation does, at any cut (XXH3's stripes are 64 bytes).
    @Test func piecesDigestAsTheirConcatenation() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        let whole = Digest128(of: bytes)
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
        let digest = Digest128(of: bytes)
        for position in [0, 150, 299] {
            var changed = bytes
            changed[position] ^= 1
            #expect(Digest128(of: changed) != digest)
        }
        #expect(Digest128(of: bytes + [7]) != digest)
        #expect(Digest128(of: []) != Digest128(of: [0]))
    }
}
