import Foundation
import StickerSupport

/// The zlib streams this process made lately, by level and input, for `DeflateCompressor` to hand out again.
/// `fit` compresses the same filtered rows many times (a candidate's sampled frames, then its whole; the frames
/// an APNG's two plans share; the same frames as the estimate of two settings): a quarter of the bytes it
/// deflated on the bench's animations, a tenth on its stills. libdeflate's stream depends only on the input and
/// the level, so a kept stream is the one the call would make.
///
/// Keyed by the input's length and XXH3-128 (no two inputs of a run are expected to share one), the streams are
/// kept while they and their keeping take at most `capacity` bytes, the oldest leaving first: on the bench sets
/// nearly every repeat came within 64 MB of input, about a fifth of that in streams.
final class ZlibMemo: @unchecked Sendable {
    static let shared = ZlibMemo(capacity: 24 << 20)

    private struct Key: Hashable {
        var level: Int
        var count: Int
        var digest: Digest128
    }

    private let capacity: Int
    private let lock = NSLock()
    private var streams: [Key: [UInt8]] = [:]
    /// The keys in the order their streams were kept, from `oldest` on: the next to leave.
    private var order: [Key] = []
    private var oldest = 0
    private var held = 0

    /// What keeping a stream costs beside its bytes: its key, the array's header, its place in `order`.
    static let entryBytes = 96

    init(capacity: Int) { self.capacity = capacity }

    /// Forgets every stream: for a test that must see libdeflate run, not a stream kept from an earlier call.
    func forget() {
        lock.lock()
        defer { lock.unlock() }
        streams.removeAll()
        order.removeAll()
        (oldest, held) = (0, 0)
    }

    /// The stream of `input` at `level`: a kept one, else `make`'s, which is then kept.
    func stream(level: Int, of input: UnsafeRawBufferPointer, _ make: () throws(EncodeError) -> [UInt8])
        throws(EncodeError) -> [UInt8]
    {
        let key = Key(level: level, count: input.count, digest: Digest128(of: input))
        lock.lock()
        let known = streams[key]
        lock.unlock()
        if let known { return known }
        let made = try make()
        keep(made, as: key)
        return made
    }

    private func keep(_ stream: [UInt8], as key: Key) {
        // One stream that would push out most of the others is not worth them.
        guard stream.count + Self.entryBytes <= capacity / 8 else { return }
        // A copy of its own size: the stream was written into room for the input's worst case.
        let stream = stream.withUnsafeBufferPointer { Array($0) }
        lock.lock()
        defer { lock.unlock() }
        // Another thread made the same stream meanwhile: it is kept already.
        guard streams.updateValue(stream, forKey: key) == nil else { return }
        order.append(key)
        held += stream.count + Self.entryBytes
        while held > capacity {
            held -= (streams.removeValue(forKey: order[oldest])?.count ?? 0) + Self.entryBytes
            oldest += 1
        }
        // The keys gone are dropped from the list now and then, not on every stream.
        if oldest >= 1024 && oldest * 2 >= order.count {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}
