import CXXHash

/// XXH3-128 of some bytes: how the project knows equal pixels or equal inputs without keeping them (duplicate
/// stickers, zlib streams made before, frame pairs scored before). Not a cryptographic hash: a match is taken as
/// equal only where a collision would cost a wasted lookup or a wrong reuse no run is expected to meet.
package struct Digest128: Hashable, Sendable {
    package let high: UInt64
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        (self.high, self.low) = (high, low)
    }

    package init(of bytes: UnsafeRawBufferPointer) {
        let digest = XXH3_128bits(bytes.baseAddress, bytes.count)
        (high, low) = (digest.high64, digest.low64)
    }

    /// The digest of the pieces `feed` passes to its argument, in order: the same as of their concatenation.
    package init(streaming feed: ((UnsafeRawBufferPointer) -> Void) -> Void) {
        let state = XXH3_createState()!
        defer { XXH3_freeState(state) }
        XXH3_128bits_reset(state)
        feed { _ = XXH3_128bits_update(state, $0.baseAddress, $0.count) }
        let digest = XXH3_128bits_digest(state)
        (high, low) = (digest.high64, digest.low64)
    }
}
