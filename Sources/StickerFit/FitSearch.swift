import StickerImage
import StickerQuality

/// The search for the best-looking output within the byte limit, cheapest loss first.
///
/// The knobs form a grid: size (the base size, then smaller classes), frames kept (all, then fewer over the
/// same duration), format, and one quality axis per format (palette size for PNG and GIF, quality for
/// JPEG). For each (size, frames, format) cell the least lossy setting of the axis that fits is found by
/// bisection on bytes, the settings next to it (dithering off, one level more colours) are tried too, and
/// every fitting one is scored on sampled frames at reduced size (the quick score). Frames go last: only at the
/// smallest size does the search move to fewer frames, and only while that raises the size's best worst-frame
/// score. It skips a cell whose pixels score no better than the best found before any palette is applied, and
/// stops as soon as a cell fits without touching its axis: taking more away cannot look better. Each size's best
/// is then ranked again at full size (`FitFinalists`), and the pick refined in its own cell: lossy LZW buys a GIF
/// colours, and APNG is tried.
///
/// This is the strategy alone: `FitSearchPlan` says which knobs there are, `FitEvaluator` what each costs and
/// how it looks, and its `FitWorkBudget` how much work the file may take.
final class FitSearch {
    private let plan: FitSearchPlan
    private let evaluator: FitEvaluator

    /// The most bytes a setting's quick encoding may take; raised only by `richer`.
    var limit: Int { evaluator.limit }
    /// How many settings were encoded, and the fewest bytes any of them took.
    var encodings: Int { evaluator.budget.encodings }
    var smallest: Int? { evaluator.smallest }
    /// After `best`, the best candidate of each size searched in the source's format: the quick score ranks sizes
    /// less surely than settings, so `FitFinalists` ranks these again before loss and format refine the pick.
    private(set) var finalists: [FitCandidate] = []
    /// The full-size ranking that judged the best, whose scores the final step reuses and ranks a richer setting by.
    private(set) var ranking: FitFinalists?
    private let source: DecodedImage

    /// `budget`: the work the file may take (a smaller one in tests).
    init(source: DecodedImage, limit: Int, options: FitOptions, budget: FitWorkBudget = FitWorkBudget())
        throws(StickerScoreError)
    {
        self.source = source
        plan = FitSearchPlan(source: source, options: options)
        evaluator = try FitEvaluator(source: source, limit: limit, options: options, budget: budget)
    }

    /// The best candidate within the limit, or why there is none. `base` is the size the sides rule gives;
    /// `skip` is a setting already known not to fit (the lossless encoding).
    func best(base: OutputGeometry, skip: FitKnobs?) -> Outcome {
        let geometries = plan.geometries(base: base)
        finalists = bestOfEachSize(plan.formats[0], geometries: geometries, skip: skip)
        ranking = FitFinalists(source: source, sizes: finalists)
        var best = ranking.map { refinedBest(of: finalists, ranking: $0, skip: skip) } ?? finalists.best
        // Asked for with --allow format, another format searches every cell that could look better than the
        // source's format's best, and replaces it when smaller at an equal or better score.
        for format in plan.formats.dropFirst() where plan.formatChangeAsked {
            let sizes = bestOfEachSize(
                format, geometries: geometries, skip: skip, bar: best)
            guard let other = FitFinalists(source: source, sizes: sizes + (best.map { [$0] } ?? [])),
                let found = other.ranked(sizes).first
            else { continue }
            if let current = best {
                guard let new = other.score(found), let old = other.score(current), new.worst >= old.worst,
                    found.bytes.count < current.bytes.count
                else { continue }
            }
            best = found
            ranking = other
        }
        if let best { return .found(best) }
        return evaluator.budget.exhausted
            ? .budgetSpent(fault: evaluator.fault) : .nothingFits(fault: evaluator.fault)
    }

    /// The best of each size's best exact setting once refined: the leaders at full size are refined in their own
    /// cells, where the quick score ranks settings well (lossy LZW buys a GIF colours; by fit's default an
    /// animated GIF tries APNG from its exact palette up, where APNG's smaller frames buy colours and its alpha
    /// keeps soft edges), and all are ranked again. An APNG must score `formatGain` higher: it renames the file.
    private func refinedBest(of sizes: [FitCandidate], ranking: FitFinalists, skip: FitKnobs?) -> FitCandidate? {
        let ranked = ranking.ranked(sizes)
        var contenders = ranked
        let top = ranked.first.flatMap { ranking.score($0)?.worst }
        for exact in ranked.prefix(FitFinalists.leaders) {
            // A size far behind the first is not refined: refining has lifted a size by up to 16 points.
            if let top, let here = ranking.score(exact)?.worst, top - here > FitFinalists.refinedGap { continue }
            // Another format first (APNG from the GIF's palette up): loss cannot buy a GIF what it already shows.
            let others = otherFormats(of: exact, skip: skip)
            if plan.triesLoss(exact.knobs.format) {
                let lossy = lossyClimb(from: exact, skip: skip, lossless: others)
                if lossy.knobs != exact.knobs { contenders.append(lossy) }
            }
            // A palette a frame, where a quick look says the frames' colours differ enough to pay for it.
            if plan.triesFramePalettes(exact.knobs),
                (evaluator.framePaletteGain(exact.knobs) ?? 0) >= FitSearchPlan.framePaletteGate,
                let other = searchCell(
                    FitCell(exact.knobs), format: exact.knobs.format, skip: skip, framePalettes: true
                )
                .best
            {
                contenders.append(other)
            }
            contenders += others
        }
        let own = plan.formats[0]
        return ranking.ranked(contenders) { $0.knobs.format == own ? 0 : FitSearchPlan.formatGain }.first
    }

    /// The best of `exact`'s cell in each format fit's default also tries (APNG, for a GIF), from its palette up.
    private func otherFormats(of exact: FitCandidate, skip: FitKnobs?) -> [FitCandidate] {
        (plan.formatChangeAsked ? [] : plan.formats.dropFirst()).compactMap { format in
            searchCell(FitCell(exact.knobs), format: format, skip: skip, atLeast: exact.knobs.colors).best
        }
    }

    /// Loss in the LZW stream buys colours: in the cell of the best exact setting, at each palette level above it
    /// that a `lossless` setting of the cell (APNG) does not already show, the least lossy budget that fits,
    /// climbing while the score rises above the best of the cell so far (APNG's too), until a level where even
    /// the most loss does not fit or that looks no better. `found` when no lossy setting looks better.
    private func lossyClimb(from found: FitCandidate, skip: FitKnobs?, lossless: [FitCandidate]) -> FitCandidate {
        var best = found
        var bar = lossless.reduce(found) { $1.isBetter(than: $0) ? $1 : $0 }
        // More colours take more bytes at one budget: each level's search starts at the budget the one below took.
        var least = 0
        let axis = plan.axis(FitCell(found.knobs), format: found.knobs.format, skip: skip)
        for base in FitSearchPlan.lossyBases(axis, above: found.knobs, shownBy: lossless.map(\.knobs)) {
            guard let (knobs, level) = finestFitting(Array(FitSearchPlan.lossyRungs(of: base).dropFirst(least))),
                let richer = evaluator.candidate(knobs)
            else { break }
            guard richer.isBetter(than: bar) else { break }
            (best, bar) = (richer, richer)
            least += level
        }
        return best
    }

    /// A better setting of `found`'s size and frame count with the limit on quick sizes raised to `quickLimit`
    /// (never lowered by it): the full-effort encoding of `found` came out smaller than its quick one (a tenth, for
    /// PNG), so a setting with more colours, over the limit at quick effort, may fit once encoded in full. Nil when
    /// nothing scores better than `found`.
    func richer(than found: FitCandidate, quickLimit: Int, skip: FitKnobs?) -> FitCandidate? {
        let saved = evaluator.limit
        evaluator.limit = max(quickLimit, saved)
        defer { evaluator.limit = saved }
        // Only more colours can look better, so the search goes up from `found`'s (the untouched setting, the
        // costliest encode, is reached only if all under it fits), or from the dithered level below an undithered one.
        let cell = searchCell(
            FitCell(found.knobs), format: found.knobs.format, skip: skip,
            atLeast: found.knobs.dithered ? found.knobs.colors : found.knobs.colors.map(FitSearchPlan.levelBelow),
            framePalettes: found.knobs.framePalettes)
        guard let better = cell.best,
            better.knobs != found.knobs, better.isBetter(than: found)
        else { return nil }
        return better
    }

    /// The best candidate of each size where one fits, largest size first. `bar`: the best found in another
    /// format; a cell whose ceiling is no better is not searched.
    private func bestOfEachSize(
        _ format: ImageFormat, geometries: [OutputGeometry], skip: FitKnobs?,
        bar other: FitCandidate? = nil
    ) -> [FitCandidate] {
        var bests: [FitCandidate] = []
        for (index, geometry) in geometries.enumerated() {
            var bestHere: FitCandidate?
            var untouched = false
            for frames in plan.frameCounts(atSmallest: index == geometries.count - 1) {
                let key = FitCell(geometry: geometry, frames: frames)
                // No setting of a cell looks better than its pixels before any palette or encoding: a cell
                // whose ceiling is no better than what was found is not searched, nor are fewer frames.
                if let bar = (bestHere ?? bests.best ?? other)?.score.worst, let top = evaluator.ceiling(key),
                    top <= bar
                {
                    if frames == plan.frameCount { return bests }
                    break
                }
                let cell = searchCell(key, format: format, skip: skip)
                guard let found = cell.best else { continue }
                guard found.isBetter(than: bestHere) else { break }
                bestHere = found
                if cell.topFits {
                    untouched = frames == plan.frameCount
                    break
                }
            }
            // Nothing fits at this size: a smaller one may. Something fits but looks worse by the quick score: the
            // smaller sizes are searched all the same, as the quick score (at half size) overrates a large size's
            // dithered palette, and `FitFinalists` ranks each size's best again at full size.
            guard let here = bestHere else { continue }
            bests.append(here)
            if untouched { break }
        }
        return bests
    }

    /// The best fitting setting of one cell, and whether its least lossy setting already fits. `atLeast`: only
    /// settings with at least this many colours (or all their own) are tried, from the fewest up, as the boundary
    /// is then expected near that floor (APNG from a GIF's palette, a richer setting from the chosen one's).
    private func searchCell(
        _ cell: FitCell, format: ImageFormat, skip: FitKnobs?, atLeast least: Int? = nil, framePalettes: Bool = false
    ) -> (best: FitCandidate?, topFits: Bool) {
        let axis = plan.axis(cell, format: format, skip: skip, framePalettes: framePalettes).filter {
            ($0.colors ?? .max) >= least ?? 0
        }
        guard let (finest, boundary) = finestFitting(axis, fromEnd: least != nil) else { return (nil, false) }
        var best = evaluator.candidate(finest)
        for plain in FitSearchPlan.plainNeighbours(of: axis[boundary]) {
            // On a long animation, not encoded in full when its sample says it is well over the limit.
            if FitSearchPlan.isSampled(frames: plain.frames) && evaluator.wellOver(plain) { continue }
            // Nor when its file, scored from its pixels before any encoding, would not beat what was found.
            if let best, let shown = evaluator.plainScore(plain), !FitCandidate.beats(shown, best) { continue }
            if let size = evaluator.size(of: plain), size <= limit, let found = evaluator.candidate(plain),
                found.isBetter(than: best)
            {
                best = found
            }
        }
        return (best, finest == axis.first)
    }

    /// The least lossy setting that fits: the first (least lossy) level of the axis whose encoding fits, bytes
    /// falling along it, then the most colours between it and the level above that still fit (the levels are
    /// coarse, and the bytes left between them are quality left unused). Also the index of that first level.
    /// Nil when even the last level does not fit. `fromEnd`: the boundary is expected near the last level, which
    /// is tested first, then the levels above it one by one.
    ///
    /// An animation of many frames is bisected on sizes estimated from a sample of its frames, and only the
    /// settings about the estimated boundary are encoded in full, the richest first, until one fits: a setting
    /// estimated well over the limit is not encoded in full to learn that it does not fit.
    private func finestFitting(_ axis: [FitKnobs], fromEnd: Bool = false) -> (knobs: FitKnobs, level: Int)? {
        func fits(_ knobs: FitKnobs) -> Bool { evaluator.size(of: knobs).map { $0 <= limit } ?? false }
        guard let first = axis.first else { return nil }
        let search = fromEnd ? FitSearchPlan.firstPassingFromEnd : FitSearchPlan.firstPassing
        guard FitSearchPlan.isSampled(frames: first.frames) else {
            let level = search(axis.count) { fits(axis[$0]) }
            guard level < axis.count else { return nil }
            let finer = level > 0 ? finerColors(fitting: axis[level], over: axis[level - 1]) : nil
            return (finer ?? axis[level], level)
        }
        // A setting whose estimate is well over the limit is taken not to fit, without encoding it.
        func mayFit(_ knobs: FitKnobs) -> Bool { !evaluator.wellOver(knobs) && fits(knobs) }
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
