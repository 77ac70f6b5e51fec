import StickerImage
import StickerQuality

/// Everything fitting one file remembers, in the one place its fit owns and hands down (to the evaluator, the
/// full-size ranking and the final step): the run's zlib streams, the source at the size and cell being searched
/// with their palettes and remaps, each setting's quick size, file and estimate, and scores by candidate. It lives
/// as long as the file's fit; nothing outlives the run. Its memory, and who owns what, is in docs/architecture.md.
final class FitCache {
    /// The source the file's fit searches from.
    var source: DecodedImage { cells.source }
    /// The run's zlib streams, shared by the files it fits at once (the one part safe to share between threads).
    let deflate: ZlibMemo
    /// The source at the size and the cell being searched, their palette builders and remaps.
    var cells: FitCellImages
    /// Quick sizes by setting, the files of those within the limit (`keptFiles`), and which settings' files were
    /// kept once (a file dropped past the budget is encoded again outside the work budget).
    var sizes: [FitKnobs: Int] = [:]
    var keptFiles: RecentFiles
    var everKept: Set<FitKnobs> = []
    /// Sizes estimated from sampled frames, for settings not encoded in full.
    var estimates: [FitKnobs: Int] = [:]
    /// The quick scorers of fewer frames than the source, by frame count (each also reads frames the count drops).
    var scorers: [Int: StickerScorer] = [:]
    /// The quick score of each setting decoded back: the search comes back to a setting (a neighbour, a richer
    /// search of the same cell), and its file is then decoded again but not scored again.
    var quickScores: [FitKnobs: StickerScore] = [:]
    /// Full-size scores by candidate and the source frames a ranking reads: rankings that read the same frames
    /// score alike, so a candidate is scored at full size once.
    var rankedScores: [RankedKey: StickerScore] = [:]
    /// Full scores (every frame) by candidate: the search's best confirmed in full, which the final step then keeps.
    var fullScores: [FitKnobs: StickerScore] = [:]
    /// How often each memo answered, and how often it had to make the answer: for a bench, never a report.
    var counts = Counts()

    struct RankedKey: Hashable {
        var frames: [Int]
        var knobs: FitKnobs
    }

    /// The run's zlib memo: up to this many bytes of streams and their keeping.
    static let deflateCapacity = 24 << 20
    /// Fitting settings' quick files kept up to this many bytes, the oldest dropped first (encoded again if asked).
    static let keptFilesBudget = 64 << 20

    /// A run's zlib memo, made once per run and shared by its files.
    static func runMemo() -> ZlibMemo { ZlibMemo(capacity: deflateCapacity) }

    /// `deflate`: the run's memo, shared by its files; a memo of its own when fitting one file alone.
    init(source: DecodedImage, deflate: ZlibMemo = FitCache.runMemo()) {
        self.deflate = deflate
        cells = FitCellImages(source: source)
        keptFiles = RecentFiles(budget: Self.keptFilesBudget)
    }
}

extension FitCache {
    typealias Counts = FitCacheCounts

    /// The counts of every memo of the file's fit, the cells' included.
    var allCounts: Counts {
        var all = counts
        all.cells = cells.counts.cells
        all.remaps = cells.counts.remaps
        all.sampledRemaps = cells.counts.sampledRemaps
        all.framePaletteBuilders = cells.counts.framePaletteBuilders
        return all
    }
}

/// Per memo of a file's `FitCache`, how often it answered (`hits`) and how often the answer had to be made (`made`).
public struct FitCacheCounts: Sendable, Equatable {
    public struct Counter: Sendable, Equatable {
        public var hits = 0
        public var made = 0
    }

    /// Quick sizes of settings, their estimates from sampled frames, and the quick scores of their files.
    public var sizes = Counter()
    public var estimates = Counter()
    public var quickScores = Counter()
    /// Full-size scores of the ranking.
    public var rankedScores = Counter()
    /// Cells (the source at a size and frame count), palette remaps of whole cells and of sampled frames, and the
    /// frame palettes' builders.
    public var cells = Counter()
    public var remaps = Counter()
    public var sampledRemaps = Counter()
    public var framePaletteBuilders = Counter()

    /// Each counter by name, in a fixed order.
    public var named: [(name: String, counter: Counter)] {
        [
            ("sizes", sizes), ("estimates", estimates), ("quickScores", quickScores), ("rankedScores", rankedScores),
            ("cells", cells), ("remaps", remaps), ("sampledRemaps", sampledRemaps),
            ("framePaletteBuilders", framePaletteBuilders),
        ]
    }
}
