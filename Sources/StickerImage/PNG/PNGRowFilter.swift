import CPNGFilters

/// The five PNG filter types (section 9.2): each byte is stored as its difference from a predictor.
public enum PNGFilterType: UInt8, Sendable, CaseIterable {
    case none = 0
    case sub
    case up
    case average
    case paeth
}

/// How the filter of each row is chosen.
public enum PNGFilterStrategy: Sendable, Hashable {
    /// The same filter on every row.
    case fixed(PNGFilterType)
    /// Per row, the filter whose output has the smallest sum of absolute values (bytes read as signed), the
    /// heuristic libpng and Pillow use: small differences compress well.
    case minimumSumOfAbsoluteDifferences
    /// Per row, the filter whose output deflates smallest after the rows already chosen (a few rows of
    /// context, a fast level): slow, and the best on flat art that mixes unfiltered and "up" rows.
    case brute

    /// Every strategy, for trying each and keeping the smallest output.
    public static let all: [PNGFilterStrategy] = allButBrute + [.brute]
    /// Every strategy but the slow brute force.
    public static let allButBrute: [PNGFilterStrategy] =
        PNGFilterType.allCases.map { .fixed($0) } + [.minimumSumOfAbsoluteDifferences]
}

/// Filters packed scanlines into PNG image data: each row prefixed by its filter type byte.
public enum PNGRowFilter {
    /// `rows` holds `height` rows of `rowBytes` bytes; `bytesPerPixel` is the filter's distance (at least 1).
    /// `band`, when given, filters only those rows (each still against the row above it in the image).
    public static func filter(
        _ rows: UnsafeRawBufferPointer, rowBytes: Int, height: Int, bytesPerPixel: Int, strategy: PNGFilterStrategy,
        band: Range<Int>? = nil
    ) -> [UInt8] {
        if strategy == .brute, band == nil || band == 0..<height {
            do {
                return try PNGBruteFilter.filter(rows, rowBytes: rowBytes, height: height, bytesPerPixel: bytesPerPixel)
            } catch {
                // libdeflate could not start its trial compressor (out of memory): the rows are filtered by the
                // heuristic below, the same valid data, and the encoder's own compressor reports the failure if it
                // meets it too.
            }
        }
        let band = band ?? 0..<height
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        return [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * band.count) { out, count in
            zeros.withUnsafeBufferPointer { zero in
                let source = rows.bindMemory(to: UInt8.self).baseAddress!
                for (n, y) in band.enumerated() {
                    let row = source + y * rowBytes
                    let prior = y == 0 ? zero.baseAddress! : row - rowBytes
                    let type: PNGFilterType
                    switch strategy {
                    case .fixed(let fixed): type = fixed
                    case .minimumSumOfAbsoluteDifferences, .brute:
                        type = cheapest(row, prior: prior, count: rowBytes, bpp: bytesPerPixel)
                    }
                    let target = out.baseAddress! + n * (rowBytes + 1)
                    target[0] = type.rawValue
                    apply(type, row, prior: prior, count: rowBytes, bpp: bytesPerPixel, into: target + 1)
                }
            }
            count = (rowBytes + 1) * band.count
        }
    }

    /// The filter whose output bytes, read as signed, have the smallest sum of absolute values.
    static func cheapest(_ row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int)
        -> PNGFilterType
    {
        var sums: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &sums) {
            pf_filter_costs(row, prior, count, bpp, $0.bindMemory(to: UInt32.self).baseAddress)
        }
        let costs = [sums.0, sums.1, sums.2, sums.3, sums.4]
        var best = 0
        for type in 1..<5 where costs[type] < costs[best] { best = type }
        return PNGFilterType(rawValue: UInt8(best))!
    }

    static func apply(
        _ type: PNGFilterType, _ row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        pf_filter_row(Int32(type.rawValue), row, prior, count, bpp, out)
    }
}
