/// GIF's variable-length LZW (GIF89a appendix F), written here rather than through giflib's EGifPutLine so
/// the table policy can be chosen: a full table is either cleared at once (what every encoder does) or kept
/// frozen until the end (a "deferred clear", which the specification allows and which wins on art that keeps
/// repeating the patterns learnt early). The encoder tries both and keeps the shorter stream.
enum LZWEncoder {
    enum FullTable: CaseIterable {
        case clear
        case keep
    }

    /// The image data of one GIF frame: the minimum code size byte, then the codes in sub-blocks of at most
    /// 255 bytes, then the block terminator. `indices` must all be below 2^`minCodeSize`. Each of `policies`
    /// is tried (all of them by default; a quick encoding passes one) and the shortest stream kept. Nil when it
    /// would take `limit` bytes or more: a stream is given up as soon as it reaches that, as the frame planner's
    /// other ways of storing a frame need only beat the best so far.
    static func imageData(
        _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, table: LZWTable,
        policies: [FullTable] = FullTable.allCases, under limit: Int = .max
    ) -> [UInt8]? {
        let best = shortest(policies, under: limit) { policy, stop in
            compress(indices, minCodeSize: minCodeSize, policy: policy, table: table, stop: stop).map {
                ($0.codes, $0.filled, ())
            }
        }
        return best.map { subBlocks($0.codes, minCodeSize: minCodeSize) }
    }

    /// The shortest stream of `policies` whose image data takes fewer than `limit` bytes. `attempt` writes one
    /// policy's stream, given up (nil) once it reaches `stop` code bytes, with what else it made (`extra`). A
    /// table that never filled up met no policy: the policies after it would write the same codes.
    static func shortest<Extra>(
        _ policies: [FullTable], under limit: Int,
        _ attempt: (FullTable, _ stop: Int) -> (codes: [UInt8], filled: Bool, extra: Extra)?
    ) -> (codes: [UInt8], extra: Extra)? {
        var best: (codes: [UInt8], extra: Extra)? = nil
        for policy in policies {
            // Codes this long or longer make image data of at least the limit (or of the best's size).
            let stop = min(codeBytes(framedUnder: limit), best?.codes.count ?? .max)
            guard let (codes, filled, extra) = attempt(policy, stop) else { continue }
            best = (codes, extra)
            if !filled { break }
        }
        return best
    }

    /// The fewest code bytes whose image data (the code size byte, a length byte per 255, the terminator) takes
    /// `limit` bytes or more.
    static func codeBytes(framedUnder limit: Int) -> Int {
        guard limit < .max / 2 else { return .max }
        func framed(_ codes: Int) -> Int { codes + (codes + 254) / 255 + 2 }
        // 256 bytes of data per 255 code bytes: start just under the answer and step up to it.
        var count = max(0, (limit - 3) * 255 / 256 - 1)
        while count > 0 && framed(count - 1) >= limit { count -= 1 }
        while framed(count) < limit { count += 1 }
        return count
    }

    /// The minimum code size byte, `codes` in sub-blocks of at most 255 bytes, then the block terminator.
    static func subBlocks(_ codes: [UInt8], minCodeSize: Int) -> [UInt8] {
        var out: [UInt8] = [UInt8(minCodeSize)]
        out.reserveCapacity(codes.count + codes.count / 255 + 3)
        var start = 0
        while start < codes.count {
            let end = min(codes.count, start + 255)
            out.append(UInt8(end - start))
            out.append(contentsOf: codes[start..<end])
            start = end
        }
        out.append(0)
        return out
    }

    /// The packed code stream, least significant bit first, without sub-block framing; and whether the code
    /// table filled up (only then does the policy matter). Nil once the stream reaches `stop` bytes.
    static func compress(
        _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, policy: FullTable, table: LZWTable,
        stop: Int = .max
    ) -> (codes: [UInt8], filled: Bool)? {
        var filled = false
        var stopped = false
        let codes = [UInt8](unsafeUninitializedCapacity: streamCapacity(indices.count)) { out, written in
            guard
                let done = compress(
                    indices, minCodeSize: minCodeSize, policy: policy, table: table, stop: stop, into: out)
            else {
                (written, stopped) = (0, true)
                return
            }
            (written, filled) = done
        }
        return stopped ? nil : (codes, filled)
    }

    /// Bytes enough for the codes of `count` indices: at most one code per index, a clear code every 4,000 codes,
    /// the first clear and the end, 12 bits each.
    static func streamCapacity(_ count: Int) -> Int { (count + count / 1024 + 8) * 12 / 8 + 8 }

    /// `compress` into `out` (large enough), returning the bytes written; nil once they reach `stop`. Raw pointers
    /// and locals throughout: this loop runs a dozen times per GIF frame in `fit`'s search, and array and
    /// class-property accesses cost a bounds or exclusivity check each.
    private static func compress(
        _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, policy: FullTable, table: LZWTable, stop: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) -> (count: Int, filled: Bool)? {
        let clear = 1 << minCodeSize
        let end = clear + 1
        var writer = LZWBitWriter(out: out.baseAddress!)
        var width = minCodeSize + 1
        var next = end + 1
        var frozen = false
        var filled = false
        writer.write(clear, width: width)
        guard !indices.isEmpty else {
            writer.write(end, width: width)
            let count = writer.finish()
            return count < stop ? (count, false) : nil
        }
        table.reset()
        var used = table.takeUsed()
        defer { table.giveBack(used) }
        var stopped = false
        table.child.withUnsafeMutableBufferPointer { childBuffer in
            let child = childBuffer.baseAddress!
            var current = Int(indices[0])
            for i in 1..<indices.count {
                let byte = Int(indices[i])
                // Indices are below 2^minCodeSize: a small palette's entries sit close together, in fewer cache
                // lines than 256 slots a code would spread them over.
                let slot = current << minCodeSize | byte
                let found = Int(child[slot])
                if found != 0 {
                    current = found
                    continue
                }
                writer.write(current, width: width)
                // The bytes written only grow: a stream that reached `stop` cannot end under it.
                if writer.count >= stop {
                    stopped = true
                    break
                }
                if !frozen {
                    child[slot] = UInt16(next)
                    used.append(slot)
                    next += 1
                    if next > (1 << width) && width < 12 { width += 1 }
                    // Code 4095 is never assigned, as giflib does: some decoders stop their table one short.
                    if next == 4095 {
                        filled = true
                        if policy == .clear {
                            writer.write(clear, width: width)
                            for entry in used { child[entry] = 0 }
                            used.removeAll(keepingCapacity: true)
                            width = minCodeSize + 1
                            next = end + 1
                        } else {
                            frozen = true
                        }
                    }
                }
                current = byte
            }
            if !stopped { writer.write(current, width: width) }
            for entry in used { child[entry] = 0 }
            used.removeAll(keepingCapacity: true)
        }
        if stopped { return nil }
        // The decoder counts the last code too: one more entry may have pushed it to the next width.
        if !frozen && next + 1 > (1 << width) && width < 12 { width += 1 }
        writer.write(end, width: width)
        let count = writer.finish()
        return count < stop ? (count, filled) : nil
    }
}

/// The code table of `LZWEncoder`, kept between frames: 2 MB that would cost more to allocate and zero per
/// frame than the frame costs to encode. Only the entries set are cleared. (A 64 KB hash of the same entries
/// was tried: the same bytes, no faster; each lookup waits on the one before it either way.)
final class LZWTable {
    /// child[code << minCodeSize + byte]: the code of `code` followed by `byte`, 0 when not in the table.
    var child = [UInt16](repeating: 0, count: 4096 * 256)
    var used: [Int] = []

    init() { used.reserveCapacity(4096) }

    func reset() {
        for slot in used { child[slot] = 0 }
        used.removeAll(keepingCapacity: true)
    }

    /// The list of slots set, lent to the encoder's loop as a local (empty, its capacity kept).
    func takeUsed() -> [Int] {
        var taken: [Int] = []
        swap(&taken, &used)
        return taken
    }

    func giveBack(_ list: [Int]) { used = list }
}
