/// GIF's LZW with loss, after the idea of gifsicle's `--lossy` (written afresh): a code may stand for a string the
/// table holds that differs from the pixels by colours within the budget (`GIFLossiness`), so codes cover longer
/// runs and the stream is shorter. What a decoder shows is that string: `imageData` writes it back into the
/// indices, for the frame planner to draw the next frame against. Codes, widths and table policies are
/// `LZWEncoder`'s; only the choice of each code differs (`LossyMatch`).
enum LossyLZWEncoder {
    /// As `LZWEncoder.imageData`, with `indices` replaced by what the shortest stream decodes to (unchanged when
    /// there is none under `limit`).
    static func imageData(
        _ indices: inout [UInt8], minCodeSize: Int, table: LZWTable, policies: [LZWEncoder.FullTable],
        lossiness: GIFLossiness, under limit: Int = .max
    ) -> [UInt8]? {
        let pixels = indices
        let best = LZWEncoder.shortest(policies, under: limit) { policy, stop in
            var decoded = [UInt8](repeating: 0, count: pixels.count)
            var result: (count: Int, filled: Bool)? = nil
            let codes = [UInt8](unsafeUninitializedCapacity: LZWEncoder.streamCapacity(pixels.count)) {
                out, written in
                result = pixels.withUnsafeBufferPointer { pixels in
                    decoded.withUnsafeMutableBufferPointer { decoded in
                        compress(
                            pixels, decoded: decoded, minCodeSize: minCodeSize, policy: policy, table: table,
                            lossiness: lossiness, stop: stop, into: out)
                    }
                }
                written = result?.count ?? 0
            }
            return result.map { (codes, $0.filled, decoded) }
        }
        guard let best else { return nil }
        indices = best.extra
        return LZWEncoder.subBlocks(best.codes, minCodeSize: minCodeSize)
    }

    /// The packed codes into `out` and the pixels they decode to into `decoded`; the bytes written and whether the
    /// table filled up. Nil once the bytes reach `stop`.
    private static func compress(
        _ indices: UnsafeBufferPointer<UInt8>, decoded: UnsafeMutableBufferPointer<UInt8>, minCodeSize: Int,
        policy: LZWEncoder.FullTable, table: LZWTable, lossiness: GIFLossiness, stop limit: Int,
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
            return count < limit ? (count, false) : nil
        }
        table.reset()
        var used = table.takeUsed()
        defer { table.giveBack(used) }
        var stopped = false
        table.child.withUnsafeMutableBufferPointer { childBuffer in
            let child = childBuffer.baseAddress!
            LZWTree.with(roots: clear) { tree in
                LossyMatch.with(
                    indices: indices, child: child, bits: minCodeSize, tree: tree, lossiness: lossiness
                ) { match in
                    var start = 0
                    while true {
                        let (code, stop) = match.longest(from: start)
                        tree.spell(code, into: decoded.baseAddress! + start, count: stop - start)
                        writer.write(code, width: width)
                        // The bytes written only grow: a stream that reached the limit cannot end under it.
                        if writer.count >= limit {
                            stopped = true
                            break
                        }
                        guard stop < indices.count else { break }
                        start = stop
                        if frozen { continue }
                        // The next code's first pixel is exact: the entry the decoder adds is this one.
                        let slot = code << minCodeSize | Int(indices[stop])
                        child[slot] = UInt16(next)
                        used.append(slot)
                        tree.add(next, prefix: code, pixel: indices[stop])
                        next += 1
                        if next > (1 << width) && width < 12 { width += 1 }
                        if next == 4095 {
                            filled = true
                            if policy == .clear {
                                writer.write(clear, width: width)
                                for entry in used { child[entry] = 0 }
                                used.removeAll(keepingCapacity: true)
                                tree.clear(upTo: next)
                                width = minCodeSize + 1
                                next = end + 1
                            } else {
                                frozen = true
                            }
                        }
                    }
                }
            }
            for entry in used { child[entry] = 0 }
            used.removeAll(keepingCapacity: true)
        }
        if stopped { return nil }
        // As `LZWEncoder`: the decoder counts the last code too.
        if !frozen && next + 1 > (1 << width) && width < 12 { width += 1 }
        writer.write(end, width: width)
        let count = writer.finish()
        return count < limit ? (count, filled) : nil
    }
}
