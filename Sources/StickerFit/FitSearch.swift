import StickerImage
import StickerQuality

/// The search for the best-looking output within the byte limit, cheapest loss first.
///
/// The knobs form a grid: size (the base size, then smaller classes), frame rate (every frame, then every 2nd,
/// 3rd, ... down to about 8 fps over the same duration), format, and one quality axis per format (palette size for
/// PNG and GIF, quality for JPEG). For each (size, rate, format) cell the least lossy setting of the axis that fits
/// is found by bisection on bytes, the settings next to it (dithering off, one level more colours) are tried too,
/// and every fitting one is scored on sampled frames at reduced size, dropped frames included (the quick score).
/// Each size is searched at each rate: fewer frames leave more bytes for each, which long, smooth animations need
/// more than colours. The smallest size goes first, and the larger ones follow unless its palette, rather than its
/// size, is what holds it back. A cell whose pixels score no better than the best found before any palette is
/// applied is skipped, and a size stops at the first rate whose least lossy setting fits: taking more away cannot
/// look better. Each searched cell's best is then ranked again at full size (`FitFinalists`), and those near the first
/// refined in their own cells: lossy LZW buys a GIF colours, and APNG is tried.
///
/// This is the strategy alone: `FitSearchPlan` says which knobs there are, `FitEvaluator` what each costs and
/// how it looks, and its `FitWorkBudget` how much work the file may take.
final class FitSearch {
    let plan: FitSearchPlan
    let evaluator: FitEvaluator

    /// The most bytes a setting's quick encoding may take; raised only by `richer`.
    var limit: Int { evaluator.limit }
    /// How many settings were encoded, and the fewest bytes any of them took.
    var encodings: Int { evaluator.budget.encodings }
    var smallest: Int? { evaluator.smallest }
    /// After `best`, the best candidate of each cell (size and rate) searched in the source's format: the quick
    /// score ranks cells less surely than settings, so `FitFinalists` ranks these again before loss and format refine
    /// the pick.
    private(set) var finalists: [FitCandidate] = []
    /// The full-size ranking that judged the best, whose scores the final step reuses and ranks a richer setting by.
    private(set) var ranking: FitFinalists?
    /// Every candidate the full-size ranking judged for the best, refined ones included: what `--report-finalists`
    /// lists.
    private(set) var contenders: [FitCandidate] = []
    /// What the ranking subtracted from a format's worst-frame score: another format than the source's must score
    /// higher, unless asked for.
    private(set) var handicap: (ImageFormat) -> Double = { _ in 0 }

    /// `cache`: the file's, which holds the source. `budget`: the work the file may take (a smaller one in tests).
    /// `spare`: a batch's idle workers, which the encodings borrow while they last.
    init(
        cache: FitCache, limit: Int, options: FitOptions, budget: FitWorkBudget = FitWorkBudget(),
        spare: SpareWorkers? = nil
    ) throws(StickerScoreError) {
        plan = FitSearchPlan(source: cache.source, options: options)
        evaluator = try FitEvaluator(cache: cache, limit: limit, options: options, budget: budget, spare: spare)
    }

    /// A full-size ranking of candidates of the frame counts of `sizes`; nil (noted) when the source cannot be
    /// scored so, and the quick scores then rank.
    func makeRanking(_ sizes: [FitCandidate]) -> FitFinalists? {
        do {
            return try FitFinalists(cache: evaluator.cache, sizes: sizes)
        } catch {
            evaluator.note(.scoring(error))
            return nil
        }
    }

    /// The best candidate within the limit, or why there is none. `base` is the size the sides rule gives;
    /// `skip` is a setting already known not to fit (the lossless encoding).
    func best(base: OutputGeometry, skip: FitKnobs?) -> Outcome {
        let geometries = plan.geometries(base: base)
        let searched = bestOfEachSize(plan.formats[0], geometries: geometries, skip: skip)
        finalists = searched.sizes
        ranking = searched.ranking ?? makeRanking(finalists)
        var best = ranking.map { refinedBest(of: finalists, ranking: $0, skip: skip) } ?? finalists.best
        // Asked for with --allow format, another format searches every cell that could look better than the
        // source's format's best, and replaces it when smaller at an equal or better score.
        for format in plan.formats.dropFirst() where plan.formatChangeAsked {
            let sizes = bestOfEachSize(format, geometries: geometries, skip: skip, bar: best).sizes
            guard let other = makeRanking(sizes + (best.map { [$0] } ?? [])),
                let found = other.ranked(sizes).first
            else { continue }
            if let current = best {
                guard let new = other.score(found), let old = other.score(current), new.worst >= old.worst,
                    found.bytes.count < current.bytes.count
                else { continue }
            }
            best = found
            ranking = other
            contenders += sizes
            handicap = { _ in 0 }
        }
        if let best { return .found(best) }
        let fault = evaluator.fault ?? ranking?.fault
        return evaluator.budget.exhausted ? .budgetSpent(fault: fault) : .nothingFits(fault: fault)
    }

    /// The best of the cells' best exact settings once refined: those near the first at full size are refined in their
    /// own cells, where the quick score ranks settings well (lossy LZW buys a GIF colours; by fit's default an
    /// animated GIF tries APNG from its exact palette up, where APNG's smaller frames buy colours and its alpha
    /// keeps soft edges), and all are ranked again. An APNG must score `formatGain` higher: it renames the file.
    private func refinedBest(of sizes: [FitCandidate], ranking: FitFinalists, skip: FitKnobs?) -> FitCandidate? {
        let ranked = ranking.ranked(sizes)
        var contenders = ranked
        let top = ranked.first.flatMap { ranking.score($0)?.worst }
        for exact in ranked {
            // A finalist far behind the first is not refined (refining has lifted one by up to 26 points), unless its
            // pixels before any palette score higher than the first: there its palette is what holds it back, as
            // blended frames' many colours hold back a GIF, and another format may lift it further.
            if !plan.everything, let top, let here = ranking.score(exact)?.worst, top - here > FitFinalists.refinedGap,
                (ranking.ceiling(evaluator.pixels(FitCell(exact.knobs)), geometry: exact.knobs.geometry) ?? top) <= top
            {
                continue
            }
            // Another format first (APNG from the GIF's palette up): no loss beside an APNG with more colours.
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
        let handicap = { (format: ImageFormat) in format == own ? 0 : FitSearchPlan.formatGain }
        (self.contenders, self.handicap) = (contenders, handicap)
        return ranking.confirmedBest(contenders, handicap: { handicap($0.knobs.format) }, spare: evaluator.spare)
    }

    /// The best of `exact`'s cell in each format fit's default also tries (APNG, for a GIF), from its palette up. An
    /// APNG of `exact`'s very pixels is not made: it would score the same as `exact`, and must score higher to win.
    private func otherFormats(of exact: FitCandidate, skip: FitKnobs?) -> [FitCandidate] {
        (plan.formatChangeAsked ? [] : plan.formats.dropFirst()).compactMap { format in
            searchCell(
                FitCell(exact.knobs), format: format, skip: skip, atLeast: exact.knobs.colors,
                alike: evaluator.alike(of: exact, as: format).map { ($0, exact) }
            ).best
        }
    }

    /// Loss in the LZW stream buys colours: in the cell of the best exact setting, at each palette level above it
    /// (none when a `lossless` setting of the cell, APNG, already has more colours), the least lossy budget that fits,
    /// climbing while the score rises above the best of the cell so far (APNG's too), until a level where even
    /// the most loss does not fit or that looks no better. `found` when no lossy setting looks better.
    private func lossyClimb(from found: FitCandidate, skip: FitKnobs?, lossless: [FitCandidate]) -> FitCandidate {
        var best = found
        var bar = lossless.reduce(found) { $1.isBetter(than: $0) ? $1 : $0 }
        // More colours take more bytes at one budget: each level's search starts at the budget the one below took.
        var least = 0
        let axis = plan.axis(FitCell(found.knobs), format: found.knobs.format, skip: skip)
        for base in FitSearchPlan.lossyBases(axis, above: found.knobs, beside: lossless.map(\.knobs)) {
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

    /// The best candidate of each cell searched where one fits, largest size first, and the full-size ranking that
    /// judged whether the sizes above the smallest were worth a search (nil when none was made). `bar`: the best found
    /// in another format; a cell whose ceiling is no better is not searched.
    ///
    /// Each size is searched at each frame rate (`bestOfSize`). The smallest size goes first. When its best is held
    /// back by its palette (`heldBackByPalette`), a larger size, with fewer bytes for each pixel at any rate, would be
    /// held back more, and is not searched. Otherwise the larger sizes follow, largest first, and the quick score does
    /// not end the search before the smallest: at half size it overrates a large size's dithered palette, so each
    /// size's best is ranked again at full size (`FitFinalists`).
    private func bestOfEachSize(
        _ format: ImageFormat, geometries: [OutputGeometry], skip: FitKnobs?, bar other: FitCandidate? = nil
    ) -> (sizes: [FitCandidate], ranking: FitFinalists?) {
        guard let smallest = geometries.last else { return ([], nil) }
        if plan.everything { return (geometries.flatMap { bestOfSize($0, format, skip, bar: nil).cells }, nil) }
        let least = bestOfSize(smallest, format, skip, bar: other)
        let lowest = least.cells
        guard geometries.count > 1 else { return (lowest, nil) }
        var ranking: FitFinalists?
        if let found = least.best {
            ranking = makeRanking([found])
            if let ranking, heldBackByPalette(found, ranking: ranking) { return (lowest, ranking) }
        }
        var larger: [FitCandidate] = []
        var ended = false
        for geometry in geometries.dropLast() {
            let size = bestOfSize(geometry, format, skip, bar: larger.best ?? other)
            // No setting of this size, at any rate, looks better than what was found by the quick score, nor one of a
            // smaller size.
            if size.pruned {
                ended = true
                break
            }
            // Nothing fits at this size: a smaller one may.
            guard size.best != nil else { continue }
            larger += size.cells
            // Its least lossy setting fits: no smaller size looks better.
            if size.untouched {
                ended = true
                break
            }
        }
        // The smallest size's best, found first to decide the above, is then left out as a largest-first search would
        // never have reached it: after a size that ends the search, or when its pixels score no better than the best.
        var reached = !ended
        if reached, let best = larger.best {
            reached = plan.frameCounts.contains { frames in
                evaluator.ceiling(FitCell(geometry: smallest, frames: frames)).map { $0 > best.score.worst } ?? false
            }
        }
        return (larger + (reached ? lowest : []), ranking)
    }

    /// Whether `found`, the best of the smallest size, is held back by its palette rather than by its size: it has a
    /// palette, its own full-size worst-frame score is more than `FitSearchPlan.paletteGap` below its cell's pixels
    /// as its format shows them (a GIF's alpha cut is a loss of the format, not of the palette), and those pixels
    /// before any palette score at least `FitSearchPlan.sizeFloor` (under it, the size itself is the loss).
    /// The gap is scored first: most sizes are not held back, and then the floor needs no score of its own.
    private func heldBackByPalette(_ found: FitCandidate, ranking: FitFinalists) -> Bool {
        let (knobs, pixels) = (found.knobs, evaluator.pixels(FitCell(found.knobs)))
        guard knobs.colors != nil, let score = ranking.score(found)?.worst else { return false }
        var shown = pixels
        for n in shown.frames.indices {
            shown.frames[n].image = FitEncoding.shown(shown.frames[n].image, as: knobs.format)
        }
        let same = shown.frames == pixels.frames
        guard let shownCeiling = ranking.ceiling(shown, geometry: knobs.geometry),
            shownCeiling - score > FitSearchPlan.paletteGap
        else { return false }
        guard let ceiling = same ? shownCeiling : ranking.ceiling(pixels, geometry: knobs.geometry) else {
            return false
        }
        return ceiling >= FitSearchPlan.sizeFloor
    }

    /// The best candidate of one size over its frame rates, every frame first. A rate's cell is not searched when its
    /// pixels before any palette score no better than the best of the size so far (or `bar`) by the quick score:
    /// no setting of it can look better. Fewer frames are tried even when a rate found nothing better, as a cell
    /// keeping fewer frames has more bytes for each, and stop once a rate's least lossy setting fits (fewer frames
    /// only take more away). `untouched`: that happened with every frame. `pruned`: no rate's cell was searched.
    /// `cells`: each searched cell's best; with `plan.everything`, every cell is searched and nothing stops.
    private func bestOfSize(
        _ geometry: OutputGeometry, _ format: ImageFormat, _ skip: FitKnobs?, bar other: FitCandidate?
    )
        -> (best: FitCandidate?, untouched: Bool, pruned: Bool, cells: [FitCandidate])
    {
        var cells: [FitCandidate] = []
        var searched = false
        for frames in plan.frameCounts {
            let key = FitCell(geometry: geometry, frames: frames)
            if !plan.everything, let bar = (cells.best ?? other)?.score.worst, let top = evaluator.ceiling(key),
                top <= bar
            {
                continue
            }
            searched = true
            let cell = searchCell(key, format: format, skip: skip)
            guard let found = cell.best else { continue }
            cells.append(found)
            if cell.topFits && !plan.everything { return (cells.best, frames == plan.frameCount, false, cells) }
        }
        return (cells.best, false, !searched, cells)
    }
}
