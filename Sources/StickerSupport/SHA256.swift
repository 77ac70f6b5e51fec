import CDigest

/// SHA-256 (FIPS 180-4), for the pack manifest's file hashes (duplicate detection keys on XXH3 instead).
/// The rounds are CDigest's: the CPU's SHA instructions where it has them, else plain C.
package struct SHA256 {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0
    /// True runs the plain C rounds even where the CPU has the instructions (the tests check both); set
    /// by STICKERPACK_PORTABLE.
    var portable = Platform.portable

    package init() {}

    package static func hex(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var start = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending += bytes[0..<take]
            start = take
            if pending.count == 64 {
                pending.withUnsafeBufferPointer { compress($0.baseAddress!, blocks: 1) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let blocks = (bytes.count - start) / 64
        if blocks > 0 {
            compress(bytes.baseAddress! + start, blocks: blocks)
            start += blocks * 64
        }
        if start < bytes.count { pending += bytes[start...] }
    }

    package mutating func finalizeHex() -> String {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedLength = length
        update(tail)
        length = savedLength
        return state.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
        let portable = self.portable
        state.withUnsafeMutableBufferPointer { state in
            if portable {
                cd_sha256_blocks_portable(state.baseAddress!, data, blocks)
            } else {
                cd_sha256_blocks(state.baseAddress!, data, blocks)
            }
        }
    }
}
