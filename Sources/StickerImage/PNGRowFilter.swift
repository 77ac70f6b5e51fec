/// The five PNG filter types (section 9.2): each byte is stored as its difference from a predictor.
public enum PNGFilterType: UInt8, Sendable, CaseIterable {
    case none = 0, sub, up, average, paeth
}

/// How the filter of each row is chosen.
public enum PNGFilterStrategy: Sendable, Hashable {
    /// The same filter on every row.
    case fixed(PNGFilterType)
    /// Per row, the filter whose output has the smallest sum of absolute values (bytes read as signed), the
    /// heuristic libpng and Pillow use: small differences compress well.
    case minimumSumOfAbsoluteDifferences

    /// Every strategy, for trying each and keeping the smallest output.
    public static let all: [PNGFilterStrategy] =
        PNGFilterType.allCases.map { .fixed($0) } + [.minimumSumOfAbsoluteDifferences]
}

/// Filters packed scanlines into PNG image data: each row prefixed by its filter type byte.
public enum PNGRowFilter {
    /// `rows` holds `height` rows of `rowBytes` bytes; `bytesPerPixel` is the filter's distance (at least 1).
    public static func filter(
        _ rows: UnsafeRawBufferPointer, rowBytes: Int, height: Int, bytesPerPixel: Int, strategy: PNGFilterStrategy
    ) -> [UInt8] {
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { out, count in
            zeros.withUnsafeBufferPointer { zero in
                let source = rows.bindMemory(to: UInt8.self).baseAddress!
                for y in 0..<height {
                    let row = source + y * rowBytes
                    let prior = y == 0 ? zero.baseAddress! : row - rowBytes
                    let type: PNGFilterType
                    switch strategy {
                    case .fixed(let fixed): type = fixed
                    case .minimumSumOfAbsoluteDifferences:
                        type = cheapest(row, prior: prior, count: rowBytes, bpp: bytesPerPixel)
                    }
                    let target = out.baseAddress! + y * (rowBytes + 1)
                    target[0] = type.rawValue
                    apply(type, row, prior: prior, count: rowBytes, bpp: bytesPerPixel, into: target + 1)
                }
            }
            count = (rowBytes + 1) * height
        }
    }

    /// The filter whose output bytes, read as signed, have the smallest sum of absolute values.
    static func cheapest(_ row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int)
        -> PNGFilterType
    {
        var sums = SIMD8<UInt32>()
        for i in 0..<count {
            let x = row[i]
            let b = prior[i]
            let a = i >= bpp ? row[i - bpp] : 0
            let c = i >= bpp ? prior[i - bpp] : 0
            let average = UInt8((UInt16(a) + UInt16(b)) >> 1)
            let residues = SIMD8<UInt8>(x, x &- a, x &- b, x &- average, x &- paeth(a, b, c), 0, 0, 0)
            // |v| of a byte read as signed: v below 128, else 256 - v.
            let magnitude = residues.replacing(with: 0 &- residues, where: residues .>= 128)
            sums &+= SIMD8<UInt32>(truncatingIfNeeded: magnitude)
        }
        var best = PNGFilterType.none
        for type in PNGFilterType.allCases where sums[Int(type.rawValue)] < sums[Int(best.rawValue)] { best = type }
        return best
    }

    static func apply(
        _ type: PNGFilterType, _ row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let lead = min(bpp, count)
        switch type {
        case .none:
            out.update(from: row, count: count)
        case .sub:
            out.update(from: row, count: lead)
            for i in lead..<count { out[i] = row[i] &- row[i - bpp] }
        case .up:
            for i in 0..<count { out[i] = row[i] &- prior[i] }
        case .average:
            for i in 0..<lead { out[i] = row[i] &- prior[i] >> 1 }
            for i in lead..<count { out[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(prior[i])) >> 1) }
        case .paeth:
            for i in 0..<lead { out[i] = row[i] &- prior[i] }
            for i in lead..<count { out[i] = row[i] &- paeth(row[i - bpp], prior[i], prior[i - bpp]) }
        }
    }

    /// The Paeth predictor: whichever of left, above and upper-left is nearest to left + above - upper-left.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int16(a) + Int16(b) - Int16(c)
        let pa = abs(p - Int16(a))
        let pb = abs(p - Int16(b))
        let pc = abs(p - Int16(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
