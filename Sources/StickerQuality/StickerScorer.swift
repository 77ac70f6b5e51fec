import StickerImage
import StickerResample
import StickerSupport

/// Scores candidate outputs of one source sticker (still or animated): the score `fit` maximises.
///
/// The source's frames are prepared once (resampled to the scoring size when larger), then each candidate
/// is resampled to that size when it differs (the project's Lanczos-3 resampler), matched frame to frame by
/// time, composited over light and dark, and compared with SSIMULACRA2. The source's side of the metric is
/// computed once and kept (up to `preparedBudget` bytes, about a third of each later score saved). One scorer
/// holds one metric workspace (about 27 MB at 618 px) and is not for concurrent use: make one per thread.
public final class StickerScorer {
    public let options: StickerScoreOptions
    /// The size frames are compared at.
    public let width: Int
    public let height: Int
    private let sourceDelays: [Double]
    /// The source frames that are scored, by index, at the scoring size.
    private let sourceFrames: [(index: Int, image: RGBAImage)]
    /// Whether each of those is opaque: over an opaque candidate frame it scores the same on every background.
    private let sourceOpaque: [Bool]
    /// Per scored frame, the position of the first with the same pixels (its own when none): against the same
    /// candidate frame it scores the same, so it is scored once.
    private let twins: [Int]
    private let metric: SSIMULACRA2
    /// Per scored source frame, its prepared side over each background (in `ScoreBackground.allCases`
    /// order), while the budget lasts; nil past it.
    private let prepared: [[PreparedOriginal]?]
    /// The scores of pairs already compared (a scored source frame, a candidate frame as given, by its size and
    /// XXH3-128), one a background: `fit`'s settings often show a frame the same (a palette as large as the
    /// frame's colours, dithering that changed nothing, the same pixels before and after encoding), and its
    /// search scores each. Emptied past `rememberedLimit`; kept only when `remembers` (not by a scorer used once).
    private var remembered: [ScoredPair: [Double]] = [:]
    private let remembers: Bool
    static let rememberedLimit = 1 << 15
    /// How many pairs it compared, those taken from `remembered` not counted.
    private(set) var pairsCompared = 0
    /// At most this many bytes of prepared originals: a 618 px still takes 37 MB, a 408 px 8-frame APNG 130.
    static let preparedBudget = 160 << 20

    /// `usedOnce`: a scorer for one score keeps neither the source's side of the metric (which would save nothing
    /// and be computed on one thread before the frames are spread over several) nor the pairs it compared.
    /// `alsoScoring`: source frames scored beyond the `maximumFrames` spread over the animation (the moments a
    /// candidate with fewer frames shows worst, which an even spread may miss).
    public init(
        source frames: [AnimationFrame], options: StickerScoreOptions = .full, usedOnce: Bool = false,
        alsoScoring extra: [Int] = []
    ) throws(StickerScoreError) {
        guard let first = frames.first else { throw .noFrames }
        let size = Self.scoringSize(width: first.image.width, height: first.image.height, limit: options.maximumSide)
        guard size.width >= SSIMULACRA2.minimumSide && size.height >= SSIMULACRA2.minimumSide else {
            throw .tooSmall(width: size.width, height: size.height)
        }
        self.options = options
        width = size.width
        height = size.height
        sourceDelays = frames.map(\.delayMs)
        let spread = FrameTimeline.sampledFrames(count: frames.count, limit: options.maximumFrames)
        let picked = Set(spread + extra.filter { frames.indices.contains($0) }).sorted()
        let fitted = Self.fitting(width: size.width, height: size.height)
        let sourceFrames = picked.map { (index: $0, image: fitted(frames[$0].image)) }
        self.sourceFrames = sourceFrames
        sourceOpaque = sourceFrames.map(\.image.isOpaque)
        let twins = IdenticalFrames.firstOccurrences(sourceFrames.map(\.image))
        self.twins = twins
        let metric = SSIMULACRA2(maximumWidth: size.width, maximumHeight: size.height)
        let perFrame = PreparedOriginal.bytes(width: size.width, height: size.height) * ScoreBackground.allCases.count
        var prepared: [[PreparedOriginal]?] = []
        for position in sourceFrames.indices {
            guard !usedOnce, (position + 1) * perFrame <= StickerScorer.preparedBudget else {
                prepared.append(nil)
                continue
            }
            prepared.append(
                twins[position] != position
                    ? prepared[twins[position]]
                    : ScoreBackground.allCases.map {
                        metric.prepare(original: sourceFrames[position].image, background: $0.color)
                    })
        }
        self.prepared = prepared
        self.metric = metric
        remembers = !usedOnce
    }

    public convenience init(
        source: DecodedImage, options: StickerScoreOptions = .full, usedOnce: Bool = false,
        alsoScoring extra: [Int] = []
    ) throws(StickerScoreError) {
        try self.init(source: source.frames, options: options, usedOnce: usedOnce, alsoScoring: extra)
    }

    /// The score of `candidate` (any size; resampled to the scoring size) against the source. `workers` above 1
    /// spreads the frames over that many threads (each with a workspace of its own): the same score. `known`: a
    /// score of the same candidate by another scorer of this source; its frames scored at this size are taken as
    /// they are (the same numbers, computed once). A pair this scorer compared before is not compared again: to see
    /// a score computed twice, use two scorers.
    public func score(_ candidate: [AnimationFrame], workers: Int = 1, known: StickerScore? = nil)
        throws(StickerScoreError) -> StickerScore
    {
        guard !candidate.isEmpty else { throw .noFrames }
        let matches = FrameTimeline.candidateFrames(
            sourceDelays: sourceDelays, candidateDelays: candidate.map(\.delayMs))
        // Copies of what the threads read, so none captures this scorer (whose workspace is one thread's).
        let (sourceFrames, sourceOpaque, prepared) = (sourceFrames, sourceOpaque, Unshared(prepared))
        let (width, height) = (width, height)
        let scores = ParallelSlots<[Double]>(count: sourceFrames.count)
        let taken = known.map { $0.width == width && $0.height == height ? $0.frameScores : [:] } ?? [:]
        for (position, frame) in sourceFrames.enumerated() {
            if let known = taken[frame.index] { scores.set(position, known) }
        }
        // A frame the same as an earlier one, shown by a candidate frame the same as that one's, takes its scores.
        // Only the candidate frames shown at such a pair are compared.
        let twins = twins
        let sameAsTwin = sourceFrames.indices.map { position in
            let twin = twins[position]
            guard twin != position else { return false }
            let (first, again) = (matches[sourceFrames[twin].index], matches[sourceFrames[position].index])
            return first == again || candidate[first].image == candidate[again].image
        }
        let scored = sourceFrames.indices.filter { !sameAsTwin[$0] && taken[sourceFrames[$0].index] == nil }
        // A pair compared before (another setting showing the same frame) takes its scores: a candidate frame is known
        // by its pixels as given, before resampling, which depends on nothing else; hashed once, when first asked.
        var digests: [Int: PixelDigest] = [:]
        func key(_ position: Int) -> ScoredPair {
            let index = matches[sourceFrames[position].index]
            let digest = digests[index] ?? PixelDigest(candidate[index].image)
            digests[index] = digest
            return ScoredPair(position: position, candidate: digest)
        }
        if remembers {
            for position in scored { if let known = remembered[key(position)] { scores.set(position, known) } }
        }
        let computing = scored.filter { scores[$0] == nil }
        let threads = ParallelWork.threadCount(computing.count, workers: workers)
        // Each candidate frame is resampled at most once, however many source frames it stands for.
        let used = Array(Set(computing.map { matches[sourceFrames[$0].index] })).sorted()
        let resampled = ParallelSlots<RGBAImage>(count: candidate.count)
        ParallelWork.forEach(used.count, workers: threads) { position in
            resampled.set(used[position], Self.fitting(width: width, height: height)(candidate[used[position]].image))
        }
        // One workspace per thread; the first is this scorer's own.
        let metrics = Workspaces(first: metric, count: threads)
        ParallelWork.forEach(computing.count, workers: threads) { worker, n in
            let position = computing[n]
            let metric = metrics[worker]
            let (index, original) = sourceFrames[position]
            let distorted = resampled[matches[index]]!
            // Opaque over opaque, every background composites to the same pixels: one score stands for all.
            let once = sourceOpaque[position] && distorted.isOpaque
            var here: [Double] = []
            for (number, background) in ScoreBackground.allCases.enumerated() {
                if once, let first = here.first {
                    here.append(first)
                } else if let side = prepared.value[position]?[number] {
                    here.append(metric.score(prepared: side, distorted: distorted))
                } else {
                    here.append(metric.score(original: original, distorted: distorted, background: background.color))
                }
            }
            scores.set(position, here)
        }
        if remembers {
            if remembered.count + computing.count > Self.rememberedLimit {
                remembered.removeAll(keepingCapacity: true)
            }
            for position in computing { remembered[key(position)] = scores[position]! }
        }
        pairsCompared += computing.count
        for position in sourceFrames.indices where sameAsTwin[position] {
            scores.set(position, scores[twins[position]]!)
        }
        // Summed in frame order, as one thread would, so the mean does not depend on the thread count.
        var worst = (score: Double.infinity, frame: 0, background: ScoreBackground.light)
        var total = 0.0
        var count = 0
        var frameScores: [Int: [Double]] = [:]
        for (position, (index, _)) in sourceFrames.enumerated() {
            frameScores[index] = scores[position]!
            for (score, background) in zip(scores[position]!, ScoreBackground.allCases) {
                total += score
                count += 1
                if score < worst.score { worst = (score, index, background) }
            }
        }
        return StickerScore(
            worst: worst.score, mean: total / Double(count), worstFrame: worst.frame, worstBackground: worst.background,
            framesScored: sourceFrames.count, width: width, height: height, frameScores: frameScores)
    }

    /// The frames a score of a candidate with these delays reads, by index, in order: the only ones whose
    /// pixels matter (the others stand for no scored source frame).
    public func framesRead(candidateDelays: [Double]) -> [Int] {
        framesRead(FrameTimeline.candidateFrames(sourceDelays: sourceDelays, candidateDelays: candidateDelays))
    }

    private func framesRead(_ matches: [Int]) -> [Int] {
        Array(Set(sourceFrames.map { matches[$0.index] })).sorted()
    }

    public func score(_ candidate: DecodedImage, workers: Int = 1, known: StickerScore? = nil)
        throws(StickerScoreError) -> StickerScore
    {
        try score(candidate.frames, workers: workers, known: known)
    }

    /// The source's size with the longer side capped at `limit`, aspect kept, rounded to the nearest pixel.
    static func scoringSize(width: Int, height: Int, limit: Int) -> (width: Int, height: Int) {
        let longer = max(width, height)
        guard longer > limit else { return (width, height) }
        let scale = Double(limit) / Double(longer)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// A function that brings an image to the given size with the project's resampler (plans cached by size).
    private static func fitting(width: Int, height: Int) -> (RGBAImage) -> RGBAImage {
        var plans: [Int: ResamplePlan] = [:]
        return { image in
            if image.width == width && image.height == height { return image }
            let key = image.width << 32 | image.height
            let plan =
                plans[key]
                ?? ResamplePlan(sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
            plans[key] = plan
            return plan.resize(image)
        }
    }
}

/// Things each thread of one score reads or owns alone: the prepared originals (read only) and one metric
/// workspace per thread.
private struct Unshared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

private struct Workspaces: @unchecked Sendable {
    private let metrics: [SSIMULACRA2]

    init(first: SSIMULACRA2, count: Int) {
        metrics =
            [first]
            + (1..<max(1, count)).map { _ in
                SSIMULACRA2(maximumWidth: first.maximumWidth, maximumHeight: first.maximumHeight)
            }
    }

    /// The workspace of one thread: `ParallelWork.forEach` runs each worker index on one thread.
    subscript(worker: Int) -> SSIMULACRA2 { metrics[worker] }
}

/// A scored source frame (by position) and the candidate frame it was compared with, by its size and its pixels'
/// XXH3-128.
private struct ScoredPair: Hashable {
    var position: Int
    var candidate: PixelDigest
}

private struct PixelDigest: Hashable {
    var width: Int
    var height: Int
    var pixels: Digest128

    init(_ image: RGBAImage) {
        (width, height) = (image.width, image.height)
        pixels = image.pixels.withUnsafeBytes { Digest128(of: $0) }
    }
}
