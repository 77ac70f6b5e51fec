import Testing

@testable import StickerImage

@Suite("Zlib streams made once: kept by level and input, the oldest leaving first")
struct ZlibMemoTests {
    /// `memo`'s stream of `input` at `level`, noting in `made` whether `make` ran (it returns `marker`).
    static func stream(
        _ memo: ZlibMemo, _ input: [UInt8], level: Int = 6, marker: UInt8, made: inout Bool
    ) throws -> [UInt8] {
        var ran = false
        let out = try input.withUnsafeBytes { raw in
            try memo.stream(level: level, of: raw) { () throws(EncodeError) in
                ran = true
                return [marker, UInt8(raw.count)]
            }
        }
        made = ran
        return out
    }

    @Test("The same input at the same level is made once; another level or other bytes are made anew")
    func keptByLevelAndInput() throws {
        let memo = ZlibMemo(capacity: 1 << 20)
        var made = false
        #expect(try Self.stream(memo, [1, 2, 3], marker: 1, made: &made) == [1, 3])
        #expect(made)
        #expect(try Self.stream(memo, [1, 2, 3], marker: 2, made: &made) == [1, 3])
        #expect(!made)
        #expect(try Self.stream(memo, [1, 2, 3], level: 1, marker: 3, made: &made) == [3, 3])
        #expect(made)
        #expect(try Self.stream(memo, [1, 2, 4], marker: 4, made: &made) == [4, 3])
        #expect(made)
        #expect(try Self.stream(memo, [1, 2, 3, 0], marker: 5, made: &made) == [5, 4])
        #expect(made)
    }

    @Test("Past its capacity the oldest streams are made again, the newest are still kept")
    func oldestLeaveFirst() throws {
        // 2-byte streams, 16 bytes of room: eight are kept.
        let memo = ZlibMemo(capacity: 16)
        var made = false
        for n in 0..<12 { _ = try Self.stream(memo, [UInt8(n)], marker: UInt8(n), made: &made) }
        _ = try Self.stream(memo, [11], marker: 99, made: &made)
        #expect(!made)
        _ = try Self.stream(memo, [4], marker: 99, made: &made)
        #expect(!made)
        #expect(try Self.stream(memo, [0], marker: 99, made: &made) == [99, 1])
        #expect(made)
    }

    @Test("A compressor hands out the stream libdeflate makes, the first time and the next")
    func compressorStreams() throws {
        let input = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        let compressor = try DeflateCompressor(level: 6)
        let made = try input.withUnsafeBytes { raw in try compressor.compress(raw) }
        #expect(try compressor.zlib(input) == made)
        #expect(try DeflateCompressor(level: 6).zlib(input) == made)
        #expect(try DeflateCompressor(level: 1).zlib(input) != made)
    }
}
