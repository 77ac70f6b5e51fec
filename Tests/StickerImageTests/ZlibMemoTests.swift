import StickerSupport
import Testing

@testable import StickerImage

@Suite("Zlib streams made once: kept by level and input, the oldest leaving first")
struct ZlibMemoTests {
    /// `memo`'s stream of `input` at `level`, noting in `made` whether `make` ran (it returns `marker`, the input's
    /// length and `extra` zeros).
    static func stream(
        _ memo: ZlibMemo, _ input: [UInt8], level: Int = 6, marker: UInt8, extra: Int = 0, made: inout Bool
    ) throws -> [UInt8] {
        var ran = false
        let out = try input.withUnsafeBytes { raw in
            try memo.stream(level: level, of: raw) { () throws(EncodeError) in
                ran = true
                return [marker, UInt8(raw.count)] + [UInt8](repeating: 0, count: extra)
            }
        }
        made = ran
        return out
    }

    /// Room for `count` streams of 2 bytes.
    static func room(_ count: Int) -> Int { count * (2 + ZlibMemo.entryBytes) }

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
        #expect(memo.hitCounts == ZlibMemo.Counts(hits: 1, made: 4))
        // Another memo keeps nothing of this one's.
        #expect(try Self.stream(ZlibMemo(capacity: 1 << 20), [1, 2, 3], marker: 6, made: &made) == [6, 3])
        #expect(made)
    }

    @Test("Past its capacity the oldest streams are made again, the newest are still kept")
    func oldestLeaveFirst() throws {
        let memo = ZlibMemo(capacity: Self.room(8))
        var made = false
        for n in 0..<12 { _ = try Self.stream(memo, [UInt8(n)], marker: UInt8(n), made: &made) }
        _ = try Self.stream(memo, [11], marker: 99, made: &made)
        #expect(!made)
        _ = try Self.stream(memo, [4], marker: 99, made: &made)
        #expect(!made)
        #expect(try Self.stream(memo, [0], marker: 99, made: &made) == [99, 1])
        #expect(made)
    }

    @Test("Thousands of streams through a small memo: the list of the oldest is cut down, the newest are kept")
    func manyStreams() throws {
        let memo = ZlibMemo(capacity: Self.room(8))
        var made = false
        for n in 0..<3000 { _ = try Self.stream(memo, [UInt8(n & 255), UInt8(n >> 8)], marker: 1, made: &made) }
        for n in 2992..<3000 {
            _ = try Self.stream(memo, [UInt8(n & 255), UInt8(n >> 8)], marker: 2, made: &made)
            #expect(!made, "stream \(n)")
        }
        _ = try Self.stream(memo, [UInt8(2991 & 255), UInt8(2991 >> 8)], marker: 2, made: &made)
        #expect(made)
    }

    @Test("A stream larger than an eighth of the capacity is not kept")
    func largeStreamsNotKept() throws {
        let memo = ZlibMemo(capacity: Self.room(8))
        var made = false
        let fits = Self.room(8) / 8 - ZlibMemo.entryBytes - 2
        _ = try Self.stream(memo, [1], marker: 1, extra: fits, made: &made)
        _ = try Self.stream(memo, [1], marker: 1, extra: fits, made: &made)
        #expect(!made)
        _ = try Self.stream(memo, [2], marker: 1, extra: fits + 1, made: &made)
        _ = try Self.stream(memo, [2], marker: 1, extra: fits + 1, made: &made)
        #expect(made)
    }

    @Test("A compressor hands out the stream libdeflate makes, the first time and the next, on many threads at once")
    func compressorStreams() throws {
        let memo = ZlibMemo(capacity: 24 << 20)
        let inputs = (0..<24).map { k in (0..<20_000).map { UInt8(truncatingIfNeeded: $0 * (k % 6 + 1) / 3) } }
        let made = try inputs.map { input in
            try input.withUnsafeBytes { raw in try DeflateCompressor(level: 6).compressAnew(raw) }
        }
        // Six distinct inputs, each four times, on four threads: made once or taken, always libdeflate's stream.
        let streams = ParallelSlots<[UInt8]>(count: inputs.count)
        ParallelWork.forEach(inputs.count, workers: 4) { n in
            if let stream = try? DeflateCompressor(level: 6, memo: memo).zlib(inputs[n]) { streams.set(n, stream) }
        }
        for n in inputs.indices { #expect(streams[n] == made[n], "input \(n)") }
        #expect(memo.hitCounts.hits + memo.hitCounts.made == inputs.count && memo.hitCounts.hits >= 12)
        #expect(try DeflateCompressor(level: 1, memo: memo).zlib(inputs[0]) != made[0])
    }

    @Test("Without a memo, every stream is made by libdeflate; an encoder given one makes the same bytes")
    func encodersWithAndWithoutMemo() throws {
        let input = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 / 7) }
        let compressor = try DeflateCompressor(level: 6)
        #expect(compressor.memo == nil)
        #expect(try compressor.zlib(input) == input.withUnsafeBytes { try compressor.compressAnew($0) })
        let image = RGBAImage(width: 40, height: 30, pixels: (0..<4800).map { $0 % 4 == 3 ? 255 : UInt8($0 / 4 % 97) })
        let memo = ZlibMemo(capacity: 24 << 20)
        let plain = try PNGEncoder.encode(image, layout: PNGColorReducer.layout(for: [image]), compression: .fast)
        let first = try PNGEncoder.encode(
            image, layout: PNGColorReducer.layout(for: [image]), compression: .fast, memo: memo)
        let made = memo.hitCounts.made
        let again = try PNGEncoder.encode(
            image, layout: PNGColorReducer.layout(for: [image]), compression: .fast, memo: memo)
        #expect(first == plain && again == plain)
        #expect(made > 0 && memo.hitCounts.made == made && memo.hitCounts.hits > 0)
    }
}
