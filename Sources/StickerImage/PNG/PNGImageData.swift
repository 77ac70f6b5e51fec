/// The compressed image data of one PNG image or APNG frame: pixels packed by the layout, each row
/// filtered, the whole deflated by libdeflate.
///
/// Which filtering is best depends on the art: flat stickers compress far better unfiltered (deflate finds
/// the repeated pixels), photos and gradients better with each row's filter chosen by the minimum sum of
/// absolute differences. So each image ranks strategies by how small their data compresses at libdeflate's
/// fastest level, and only the two best, and unfiltered, are compressed harder: at the final level when it is
/// no higher than the middle one, else compared at the middle level and the best compressed once at the final
/// level.
/// On `fit`'s outputs the fast ranking keeps within 0.1 % of trying every strategy at the final level, which
/// took a sixth of `fit`'s time. Larger images at a quicker effort compare unfiltered and per-row filtering
/// on a sample of rows, then compress once.
enum PNGImageData {
    /// Raw image data (packed rows) up to this size counts as small.
    static let smallImageBytes = 32 * 1024
    /// Rows in the sample that ranks strategies: bands spread over the image, about an eighth of it.
    static let sampleBands = 8

    /// The zlib stream of `rect` of `image`. `strategies`, when given, are each compressed and the smallest
    /// kept, whatever the size. `bruteForce: false` leaves the slow per-row brute force out of every strategy
    /// tried: on an animation's palette frames it gains a few bytes in a hundred thousand, for up to two fifths
    /// of the time of a full-effort encoding.
    static func compress(
        _ image: RGBAImage, rect: PixelRect, layout: PNGPixelLayout, compressor: DeflateCompressor,
        triesEveryStrategy: Bool, bruteForce: Bool = true, strategies given: [PNGFilterStrategy]? = nil
    ) throws(EncodeError) -> [UInt8] {
        try withFiltering(image, rect: rect, layout: layout) { filtering throws(EncodeError) in
            if let given { return try filtering.smallest(of: given, compressor: compressor) }
            if !triesEveryStrategy, filtering.rows.count > smallImageBytes, compressor.level > 0 {
                // Palette indices are compressed both ways, the smaller kept: ranked on a sample of rows they
                // were misjudged at the fastest level (the filters won, then lost at level 6) and at their own.
                let both: [PNGFilterStrategy] = [.fixed(.none), .minimumSumOfAbsoluteDifferences]
                if layout.colorType == .palette { return try filtering.smallest(of: both, compressor: compressor) }
                let best = try filtering.sampledBest(both, trial: compressor.atLevel(rankingLevel))
                return try filtering.compressed(best, compressor: compressor)
            }
            // At a final level no higher than the middle one the finalists' own streams are compared, and the
            // smallest is the output; above it they are compared at the middle level first.
            let strongest = compressor.level > middleLevel
            let judge = strongest ? try compressor.atLevel(middleLevel) : compressor
            let best = try filtering.judged(
                triesEveryStrategy && bruteForce ? PNGFilterStrategy.all : PNGFilterStrategy.allButBrute, judge: judge)
            return strongest ? try compressor.zlib(best.data) : best.stream
        }
    }

    /// The filtered rows `compress` deflates at a level above the middle one (every strategy ranked, the brute force
    /// only with `bruteForce`; the finalists compared at `judge`'s, the middle, level): to choose between encodings
    /// before the slowest level compresses the one kept.
    static func judged(
        _ image: RGBAImage, rect: PixelRect, layout: PNGPixelLayout, judge: DeflateCompressor, bruteForce: Bool
    ) throws(EncodeError) -> [UInt8] {
        try withFiltering(image, rect: rect, layout: layout) { filtering throws(EncodeError) in
            try filtering.judged(bruteForce ? PNGFilterStrategy.all : PNGFilterStrategy.allButBrute, judge: judge).data
        }
    }

    /// `rect` of `image` packed by the layout, for filtering.
    private static func withFiltering<T>(
        _ image: RGBAImage, rect: PixelRect, layout: PNGPixelLayout,
        _ body: (Filtering) throws(EncodeError) -> T
    ) throws(EncodeError) -> T {
        let rowBytes = layout.rowBytes(width: rect.width)
        var rows = [UInt8](repeating: 0, count: rowBytes * rect.height)
        image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0..<rect.height {
                    layout.pack(
                        pixels + (rect.y + y) * image.width + rect.x, count: rect.width,
                        into: out.baseAddress! + y * rowBytes)
                }
            }
        }
        return try rows.withUnsafeBytes { raw in
            Result { () throws(EncodeError) in
                try body(Filtering(rows: raw, rowBytes: rowBytes, height: rect.height, layout: layout))
            }
        }.get()
    }

    /// The level strategies are ranked at, and the one the finalists are compared at before a slower final level.
    static let rankingLevel = 1
    static let middleLevel = 6

    /// Packed rows and what filtering them needs.
    private struct Filtering {
        let rows: UnsafeRawBufferPointer
        let rowBytes: Int
        let height: Int
        let layout: PNGPixelLayout

        func filtered(_ strategy: PNGFilterStrategy, band: Range<Int>? = nil) -> [UInt8] {
            PNGRowFilter.filter(
                rows, rowBytes: rowBytes, height: height, bytesPerPixel: layout.filterDistance, strategy: strategy,
                band: band)
        }

        func compressed(_ strategy: PNGFilterStrategy, compressor: DeflateCompressor) throws(EncodeError)
            -> [UInt8]
        {
            try compressor.zlib(filtered(strategy))
        }

        func smallest(of strategies: [PNGFilterStrategy], compressor: DeflateCompressor) throws(EncodeError)
            -> [UInt8]
        {
            var best: [UInt8]? = nil
            for strategy in strategies {
                let stream = try compressed(strategy, compressor: compressor)
                if best == nil || stream.count < best!.count { best = stream }
            }
            return best!
        }

        /// The finalists of `strategies` ranked at the fastest level, compared by their streams at `judge`'s level:
        /// the smallest one's filtered data and stream. Unfiltered data gains the most from a stronger level (its
        /// longer matches find the repeats of flat art and of dither patterns): a dithered 256-colour still ranked
        /// fifth of seven at the fastest level and came out 8 % smaller than any other at level 12. So it is
        /// always a finalist.
        func judged(_ strategies: [PNGFilterStrategy], judge: DeflateCompressor) throws(EncodeError)
            -> (data: [UInt8], stream: [UInt8])
        {
            let ranked = try ranked(strategies, trial: judge.atLevel(rankingLevel))
            var finalists = Array(ranked.prefix(2))
            if let unfiltered = ranked.first(where: { $0.strategy == .fixed(.none) }),
                !finalists.contains(where: { $0.strategy == .fixed(.none) })
            {
                finalists.append(unfiltered)
            }
            var best: (data: [UInt8], stream: [UInt8])?
            for finalist in finalists {
                let stream = try judge.zlib(finalist.data)
                if best == nil || stream.count < best!.stream.count { best = (finalist.data, stream) }
            }
            return best!
        }

        /// Each strategy and its filtered data, smallest first when compressed by `trial`.
        func ranked(_ strategies: [PNGFilterStrategy], trial: DeflateCompressor) throws(EncodeError)
            -> [(strategy: PNGFilterStrategy, data: [UInt8])]
        {
            var sized: [(strategy: PNGFilterStrategy, data: [UInt8], size: Int, order: Int)] = []
            for (order, strategy) in strategies.enumerated() {
                let data = filtered(strategy)
                sized.append((strategy, data, try trial.zlib(data).count, order))
            }
            return sized.sorted { ($0.size, $0.order) < ($1.size, $1.order) }.map { ($0.strategy, $0.data) }
        }

        /// The strategy whose data compresses smallest by `trial`, on a sample of rows.
        func sampledBest(_ strategies: [PNGFilterStrategy], trial: DeflateCompressor) throws(EncodeError)
            -> PNGFilterStrategy
        {
            let bandHeight = max(1, height / (8 * sampleBands))
            let bands = (0..<sampleBands).map { k in
                let start = min(height - bandHeight, k * height / sampleBands)
                return start..<(start + bandHeight)
            }
            var best = strategies[0]
            var bestSize = Int.max
            for strategy in strategies {
                var data: [UInt8] = []
                for band in bands { data += filtered(strategy, band: band) }
                let size = try trial.zlib(data).count
                if size < bestSize {
                    best = strategy
                    bestSize = size
                }
            }
            return best
        }
    }
}
