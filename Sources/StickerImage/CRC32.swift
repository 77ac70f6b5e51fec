/// The CRC-32 of PNG chunks (ISO 3309, as zlib's crc32), to check chunks and write rebuilt ones.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func update(_ crc: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c = ~crc
        table.withUnsafeBufferPointer { t in
            for byte in bytes { c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        }
        return ~c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 { update(0, bytes) }
}
