import Foundation
import StickerSupport

/// The zlib streams an encoding's caller made lately, by level and input, for the PNG and APNG encoders to hand
/// out again (`LosslessOptimizer.encode`'s `memo`). `fit` compresses the same filtered rows many times (a
/// candidate's sampled frames, then its whole; the frames an APNG's two plans share; the same frames as the
/// estimate of two settings): its run owns one and hands it down. libdeflate's stream depends only on the input
/// and the level, so a kept stream is the one the call would make. Safe to share between threads.
///
/// Keyed by the input's length and XXH3-128 (no two inputs of a run are expected to share one), the streams are
/// kept while they and their keeping take at most `capacity` bytes, the oldest leaving first (docs/decisions.md
/// says how the capacity was chosen).
public final class ZlibMemo: @unchecked Sendable {

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
    private var counts = Counts()

    /// How often a stream was handed out again, and how often one was made: for a bench, never a report.
    public struct Counts: Sendable, Equatable {
        public var hits = 0
        public var made = 0

        public init(hits: Int = 0, made: Int = 0) {
            self.hits = hits
            self.made = made
        }
    }

    /// What keeping a stream costs beside its bytes: its key, the array's header, its place in `order`.
    static let entryBytes = 96

    /// `capacity`: the most bytes its streams and their keeping may take.
    public init(capacity: Int) { self.capacity = capacity }

    public var hitCounts: Counts { lock.withLock { counts } }

    /// The stream of `input` at `level`: a kept one, else `make`'s, which is then kept.
    func stream(level: Int, of input: UnsafeRawBufferPointer, _ make: () throws(EncodeError) -> [UInt8])
        throws(EncodeError) -> [UInt8]
    {
        let key = Key(level: level, count: input.count, digest: Digest128(of: input))
        let known = lock.withLock {
            let known = streams[key]
            if known == nil { counts.made += 1 } else { counts.hits += 1 }
            return known
        }
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
