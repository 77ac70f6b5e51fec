import StickerImage
import Testing

@testable import StickerFit

@Suite("The chosen file made final")
struct FitFinishTests {
    /// A noisy 3-frame animation over `limit` bytes, the search over it, and the search's choice.
    static func searched(limit: Int) throws -> (DecodedImage, FitSearch, FitCandidate, OutputGeometry) {
        let source = try TestImages.animation(frames: 3)
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        let found = try #require(search.best(base: base, skip: nil).candidate)
        return (source, search, found, base)
    }

    @Test("A raised limit on quick sizes finds more colours that score better, within the raised limit")
    func richer() throws {
        let (_, search, found, _) = try Self.searched(limit: 90_000)
        let foundColors = try #require(found.knobs.colors)
        let richer = try #require(search.richer(than: found, quickLimit: 120_000, skip: nil))
        #expect(try #require(richer.knobs.colors) > foundColors)
        #expect(richer.bytes.count <= 120_000 && richer.bytes.count > 90_000)
        #expect(richer.isBetter(than: found))
        // The final step keeps it only when it also ranks higher at full size, as the search's finalists are ranked.
        let ranking = try #require(search.ranking)
        #expect(ranking.ranks(richer, above: found) && !ranking.ranks(found, above: richer))
        // The search's own limit is back where it was.
        #expect(search.limit == 90_000)
    }

    @Test("The final file is within the limit, shows the source's frames and scores no worse than the choice")
    func final() throws {
        let limit = 90_000
        let (source, search, found, _) = try Self.searched(limit: limit)
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let finish = FitFinish(cache: search.evaluator.cache, limit: limit, options: options, spare: nil)
        // The choice as it was, scored in full as a file already at its final effort would be.
        let choice = try finish.finish(lossless: found.bytes, knobs: found.knobs)
        let final = try finish.finish(found, from: search, skip: nil)
        #expect(final.bytes.count <= limit)
        #expect(final.score.worst >= choice.score.worst)
        let shown = try ImageDecoder.decode(final.bytes)
        #expect(shown.frames == final.shown.frames && shown.frames.count == source.frames.count)
    }

    @Test("No richer setting is looked for when the choice already scores `richEnough` at full size")
    func richEnough() throws {
        // A gradient at 20,000 bytes: the search chooses 192 colours, and the final step's richer setting is 256.
        let (source, limit) = (try TestImages.still(width: 300, height: 300, noise: 4), 20_000)
        let options = FitOptions(byteLimit: limit, minQuality: 0, allowed: [.palette])
        let search = try FitSearch(cache: FitCache(source: source), limit: limit, options: options)
        let base = OutputGeometry.base(width: source.width, height: source.height, sizeClass: nil)
        let found = try #require(search.best(base: base, skip: nil).candidate)
        let score = try #require(search.ranking?.score(found)).worst
        var finish = FitFinish(cache: search.evaluator.cache, limit: limit, options: options, spare: nil)
        #expect(score < finish.richEnough)
        let richer = try finish.finish(found, from: search, skip: nil)
        #expect(try #require(richer.knobs.colors) > (try #require(found.knobs.colors)))
        #expect(richer.score.worst > score)
        // Were that score enough, the choice is kept as it is.
        finish.richEnough = score
        let kept = try finish.finish(found, from: search, skip: nil)
        #expect(kept.knobs == found.knobs)
    }
}
