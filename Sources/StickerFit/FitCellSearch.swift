import StickerImage

/// The search within one cell (a size and frame count): the least lossy setting of its quality axis that fits, found by
/// bisection on bytes (estimated from sampled frames for a long animation), and the settings beside it.
extension FitSearch {
    /// The best fitting setting of one cell, and whether its least lossy setting already fits. `atLeast`: only
    /// settings with at least this many colours (or all their own) are tried, from the fewest up, as the boundary
    /// is then expected near that floor (APNG from a GIF's palette, a richer setting from the chosen one's).
    /// `alike`: a setting of the cell that shows what a candidate of another format shows (an APNG of a GIF's
    /// pixels). It is taken to fit without being encoded and is never the best: the candidate stands in for it as
    /// the score the others must beat.
    func searchCell(
        _ cell: FitCell, format: ImageFormat, skip: FitKnobs?, atLeast least: Int? = nil, framePalettes: Bool = false,
        alike: (knobs: FitKnobs, shows: FitCandidate)? = nil
    ) -> (best: FitCandidate?, topFits: Bool) {
        let axis = plan.axis(cell, format: format, skip: skip, framePalettes: framePalettes).filter {
            ($0.colors ?? .max) >= least ?? 0
        }
        guard let (finest, boundary) = finestFitting(axis, fromEnd: least != nil, fitting: alike?.knobs) else {
            return (nil, false)
        }
        var best = finest == alike?.knobs ? nil : evaluator.candidate(finest)
        for plain in FitSearchPlan.plainNeighbours(of: axis[boundary]) where plain != alike?.knobs {
            let bar = best ?? alike?.shows
            // On a long animation, not encoded in full when its sample says it is well over the limit.
            if FitSearchPlan.isSampled(frames: plain.frames) && evaluator.wellOver(plain) { continue }
            // Nor when its file, scored from its pixels before any encoding, would not beat what was found.
            if let bar, let shown = evaluator.plainScore(plain), !FitCandidate.beats(shown, bar) { continue }
            if let size = evaluator.size(of: plain), size <= limit, let found = evaluator.candidate(plain),
                found.isBetter(than: bar)
            {
                best = found
            }
        }
        return (best, finest == axis.first && finest != alike?.knobs)
    }

    /// The least lossy setting that fits: the first (least lossy) level of the axis whose encoding fits, bytes
    /// falling along it, then the most colours between it and the level above that still fit (the levels are
    /// coarse, and the bytes left between them are quality left unused). Also the index of that first level.
    /// Nil when even the last level does not fit. `fromEnd`: the boundary is expected near the last level, which
    /// is tested first, then the levels above it one by one.
    ///
    /// An animation of many frames is bisected on sizes estimated from a sample of its frames, and only the
    /// settings about the estimated boundary are encoded in full, the richest first, until one fits: a setting
    /// estimated well over the limit is not encoded in full to learn that it does not fit. `fitting`: a setting
    /// taken to fit without encoding it.
    func finestFitting(_ axis: [FitKnobs], fromEnd: Bool = false, fitting known: FitKnobs? = nil)
        -> (knobs: FitKnobs, level: Int)?
    {
        func fits(_ knobs: FitKnobs) -> Bool {
            knobs == known || evaluator.size(of: knobs).map { $0 <= limit } ?? false
        }
        guard let first = axis.first else { return nil }
        let search = fromEnd ? FitSearchPlan.firstPassingFromEnd : FitSearchPlan.firstPassing
        guard FitSearchPlan.isSampled(frames: first.frames) else {
            let level = search(axis.count) { fits(axis[$0]) }
            guard level < axis.count else { return nil }
            let finer = level > 0 ? finerColors(fitting: axis[level], over: axis[level - 1]) : nil
            return (finer ?? axis[level], level)
        }
        // A setting whose estimate is well over the limit is taken not to fit, without encoding it.
        func mayFit(_ knobs: FitKnobs) -> Bool { knobs == known || !evaluator.wellOver(knobs) && fits(knobs) }
        var level = min(
            search(axis.count) { evaluator.calibrated(axis[$0]).map { $0 <= limit } ?? false }, axis.count - 1)
        if level > 0, mayFit(axis[level - 1]) {
            // The estimates were pessimistic: the level above fits too, and maybe more.
            level -= 1
            while level > 0, mayFit(axis[level - 1]) { level -= 1 }
        } else {
            // The counts between the estimated boundary and the level above come before the boundary itself.
            if level > 0, let finer = finerColors(fitting: axis[level], over: axis[level - 1]) {
                return (finer, level)
            }
            // Where no estimate fits, `level` is the last level, which may be well over too.
            while level < axis.count, !mayFit(axis[level]) { level += 1 }
            guard level < axis.count else { return nil }
        }
        guard level > 0, let finer = finerColors(fitting: axis[level], over: axis[level - 1]) else {
            return (axis[level], level)
        }
        return (finer, level)
    }

    /// Between a palette size estimated to fit and the next level up that does not (24 and 32 colours, say),
    /// the most colours that fit, by a few bisection steps on bytes (calibrated estimates, for a long
    /// animation); then the counts that passed are encoded in full, most colours first, until one fits. Nil
    /// when none does. A full encoding that comes out well under its estimate corrects the estimates that
    /// placed it: the bisection goes on above it.
    private func finerColors(fitting: FitKnobs, over larger: FitKnobs) -> FitKnobs? {
        guard var low = fitting.colors else { return nil }
        var high = larger.colors ?? FitSearchPlan.colorLevels[0]
        let sampled = FitSearchPlan.isSampled(frames: fitting.frames)
        let bytes = sampled ? evaluator.calibrated(_:) : evaluator.size(of:)
        var found: FitKnobs?
        while true {
            var passed: [(knobs: FitKnobs, guess: Int)] = []
            var top = high
            for _ in 0..<FitSearchPlan.finerSteps where top - low > 2 {
                let middle = (low + top) / 2
                var knobs = fitting
                knobs.colors = middle
                if let size = bytes(knobs), size <= limit {
                    low = middle
                    passed.append((knobs, size))
                } else {
                    top = middle
                }
            }
            guard let hit = passed.reversed().first(where: { (evaluator.size(of: $0.knobs) ?? .max) <= limit })
            else { return found }
            found = hit.knobs
            // The counts above it that passed did not fit in full: the next bisection stays under them.
            high = passed.first { $0.knobs.colors! > hit.knobs.colors! }?.knobs.colors ?? high
            low = hit.knobs.colors!
            guard sampled, let real = evaluator.knownSize(of: hit.knobs),
                Double(real) < Double(hit.guess) * (1 - FitSearchPlan.calibratedError)
            else { return found }
        }
    }
}
