import CPNGFilters

/// The "brute" row filter choice (as oxipng's): each row takes the filter whose bytes, deflated after the
/// last rows already chosen, come out smallest. The heuristics (sum of magnitudes) pick filters for photos;
/// flat art compresses best with runs of unfiltered and "up" rows that only a compressor sees.
enum PNGBruteFilter {
    /// Rows of context before the candidate row.
    static let contextRows = 3
    static let level = 4

    static func filter(_ rows: UnsafeRawBufferPointer, rowBytes: Int, height: Int, bytesPerPixel: Int)
        throws(EncodeError) -> [UInt8]
    {
        let compressor = try DeflateCompressor(level: level)
        let stride = rowBytes + 1
        var out = [UInt8](repeating: 0, count: stride * height)
        var window = [UInt8](repeating: 0, count: stride * (contextRows + 1))
        var scratch: [UInt8] = []
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        let source = rows.bindMemory(to: UInt8.self).baseAddress!
        for y in 0..<height {
            let row = source + y * rowBytes
            let context = min(y, contextRows)
            var best = (type: 0, size: Int.max)
            for type in 0..<5 {
                window.withUnsafeMutableBufferPointer { w in
                    out.withUnsafeBufferPointer { o in
                        // The chosen rows before, then this row filtered with `type`.
                        let start = o.baseAddress! + (y - context) * stride
                        w.baseAddress!.update(from: start, count: context * stride)
                        let target = w.baseAddress! + context * stride
                        target[0] = UInt8(type)
                        zeros.withUnsafeBufferPointer { zero in
                            let prior = y == 0 ? zero.baseAddress! : row - rowBytes
                            pf_filter_row(Int32(type), row, prior, rowBytes, bytesPerPixel, target + 1)
                        }
                    }
                }
                let size = window.withUnsafeBytes { w in
                    compressor.deflatedSize(
                        UnsafeRawBufferPointer(rebasing: w[0..<((context + 1) * stride)]), scratch: &scratch)
                }
                if size < best.size { best = (type, size) }
            }
            out.withUnsafeMutableBufferPointer { o in
                let target = o.baseAddress! + y * stride
                target[0] = UInt8(best.type)
                zeros.withUnsafeBufferPointer { zero in
                    let prior = y == 0 ? zero.baseAddress! : row - rowBytes
                    pf_filter_row(Int32(best.type), row, prior, rowBytes, bytesPerPixel, target + 1)
                }
            }
        }
        return out
    }
}
