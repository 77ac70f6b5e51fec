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
    /// 255 bytes, then the block terminator. `indices` must all be below 2^`minCodeSize`.
    static func imageData(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, table: LZWTable) -> [UInt8] {
        var best: [UInt8] = []
        for policy in FullTable.allCases {
            let codes = compress(indices, minCodeSize: minCodeSize, policy: policy, table: table)
            if best.isEmpty || codes.count < best.count { best = codes }
        }
        var out: [UInt8] = [UInt8(minCodeSize)]
        out.reserveCapacity(best.count + best.count / 255 + 3)
        var start = 0
        while start < best.count {
            let end = min(best.count, start + 255)
            out.append(UInt8(end - start))
            out.append(contentsOf: best[start..<end])
            start = end
        }
        out.append(0)
        return out
    }

    /// The packed code stream, least significant bit first, without sub-block framing.
    static func compress(
        _ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, policy: FullTable, table: LZWTable
    ) -> [UInt8] {
        let clear = 1 << minCodeSize
        let end = clear + 1
        var writer = BitWriter()
        writer.bytes.reserveCapacity(indices.count / 2 + 16)
        var width = minCodeSize + 1
        var next = end + 1
        var frozen = false
        writer.write(clear, width: width)
        guard !indices.isEmpty else {
            writer.write(end, width: width)
            return writer.finish()
        }
        table.reset()
        defer { table.reset() }
        table.child.withUnsafeMutableBufferPointer { child in
            var current = Int(indices[0])
            for i in 1..<indices.count {
                let byte = Int(indices[i])
                let slot = current << 8 | byte
                let found = Int(child[slot])
                if found != 0 {
                    current = found
                    continue
                }
                writer.write(current, width: width)
                if !frozen {
                    child[slot] = UInt16(next)
                    table.used.append(slot)
                    next += 1
                    if next > (1 << width) && width < 12 { width += 1 }
                    // Code 4095 is never assigned, as giflib does: some decoders stop their table one short.
                    if next == 4095 {
                        if policy == .clear {
                            writer.write(clear, width: width)
                            for used in table.used { child[used] = 0 }
                            table.used.removeAll(keepingCapacity: true)
                            width = minCodeSize + 1
                            next = end + 1
                        } else {
                            frozen = true
                        }
                    }
                }
                current = byte
            }
            writer.write(current, width: width)
        }
        // The decoder counts the last code too: one more entry may have pushed it to the next width.
        if !frozen && next + 1 > (1 << width) && width < 12 { width += 1 }
        writer.write(end, width: width)
        return writer.finish()
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0

        @inline(__always)
        mutating func write(_ code: Int, width: Int) {
            buffer |= UInt32(code) << count
            count += width
            while count >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            return bytes
        }
    }
}

/// The code table of `LZWEncoder`, kept between frames: 2 MB that would cost more to allocate and zero per
/// frame than the frame costs to encode. Only the entries set are cleared.
final class LZWTable {
    /// child[code * 256 + byte]: the code of `code` followed by `byte`, 0 when not in the table.
    var child = [UInt16](repeating: 0, count: 4096 * 256)
    var used: [Int] = []

    init() { used.reserveCapacity(4096) }

    func reset() {
        for slot in used { child[slot] = 0 }
        used.removeAll(keepingCapacity: true)
    }
}
