import StickerImage
import Testing

@testable import StickerFit

@Suite("Which knobs the search tries, and in what order")
struct FitSearchPlanTests {
    /// The plan of a 618 px source in `format`.
    static func plan(_ format: ImageFormat, allowed: Set<LossyStep>, frames: Int = 1) -> FitSearchPlan {
        FitSearchPlan(
            width: 618, height: 618, format: format, frameCount: frames, frameCountsToTry: [frames, 2],
            allowed: allowed, sizeClass: nil)
    }

    static let base = OutputGeometry.base(width: 618, height: 618, sizeClass: nil)
    static let cell = FitCell(geometry: base, frames: 1)

    @Test("PNG's axis is its own colours, then every palette level dithered, 256 colours first")
    func pngAxis() {
        let axis = Self.plan(.png, allowed: [.palette]).axis(Self.cell, format: .png, skip: nil)
        #expect(axis.first == FitKnobs(geometry: Self.base, frames: 1, format: .png))
        #expect(axis.dropFirst().map(\.colors) == FitSearchPlan.colorLevels)
        #expect(axis.dropFirst().allSatisfy { $0.dithered && $0.quality == nil })
    }

    @Test("GIF's axis has no 256-colour level: its own encoding is that palette")
    func gifAxis() {
        let axis = Self.plan(.gif, allowed: [.palette]).axis(Self.cell, format: .gif, skip: nil)
        #expect(axis.first?.colors == nil)
        #expect(!axis.contains { $0.colors == 256 })
        #expect(axis.dropFirst().map(\.colors) == Array(FitSearchPlan.colorLevels.dropFirst()))
    }

    @Test("Lossy LZW: GIF with --allow quality; rungs least loss first; up to three richer levels, nearest first")
    func lossyKnobs() {
        #expect(Self.plan(.gif, allowed: [.palette, .quality]).triesLoss(.gif))
        #expect(!Self.plan(.gif, allowed: [.palette]).triesLoss(.gif))
        #expect(!Self.plan(.png, allowed: [.palette, .quality]).triesLoss(.png))
        let axis = Self.plan(.gif, allowed: [.palette, .quality]).axis(Self.cell, format: .gif, skip: nil)
        let found = axis.first { $0.colors == 32 }!
        let bases = FitSearchPlan.lossyBases(axis, above: found)
        #expect(bases.map(\.colors) == [48, 64, 96])
        #expect(bases.allSatisfy { $0.dithered && $0.lossy == 0 })
        // Near the top, the richest is the GIF's own colours.
        #expect(FitSearchPlan.lossyBases(axis, above: axis.first { $0.colors == 192 }!).map(\.colors) == [nil])
        #expect(FitSearchPlan.lossyBases(axis, above: axis[0]).isEmpty)
        let rungs = FitSearchPlan.lossyRungs(of: found)
        #expect(rungs.map(\.lossy) == FitSearchPlan.lossyLevels && rungs.map(\.lossy) == rungs.map(\.lossy).sorted())
        #expect(rungs.allSatisfy { $0.colors == 32 && $0.dithered })
    }

    @Test("No loss beside an APNG of the cell with more colours than the exact GIF; beside one with as many, all of it")
    func noLossBesideARicherAPNG() {
        let axis = Self.plan(.gif, allowed: [.palette, .quality]).axis(Self.cell, format: .gif, skip: nil)
        let found = axis.first { $0.colors == 32 }!
        var apng = found
        apng.format = .apng
        #expect(FitSearchPlan.lossyBases(axis, above: found, beside: [apng]).map(\.colors) == [48, 64, 96])
        apng.colors = 24
        #expect(FitSearchPlan.lossyBases(axis, above: found, beside: [apng]).map(\.colors) == [48, 64, 96])
        apng.colors = 48
        #expect(FitSearchPlan.lossyBases(axis, above: found, beside: [apng]).isEmpty)
        // An APNG of every colour is richer than any palette; beside a GIF of its own colours, loss has nothing to buy.
        apng.colors = nil
        #expect(FitSearchPlan.lossyBases(axis, above: found, beside: [apng]).isEmpty)
    }

    @Test("Without --allow palette the axis is the cell's own colours alone")
    func noPalette() {
        let axis = Self.plan(.png, allowed: [.frames]).axis(Self.cell, format: .png, skip: nil)
        #expect(axis == [FitKnobs(geometry: Self.base, frames: 1, format: .png)])
    }

    @Test("A JPEG is re-encoded only with --allow quality, or at its top quality when its size changes")
    func jpegAxis() throws {
        let plan = Self.plan(.jpeg, allowed: [.resize])
        #expect(plan.axis(Self.cell, format: .jpeg, skip: nil).isEmpty)
        let smaller = try #require(Self.base.smallerClasses().first)
        let resized = plan.axis(FitCell(geometry: smaller, frames: 1), format: .jpeg, skip: nil)
        #expect(resized.map(\.quality) == [FitSearchPlan.qualityLevels[0]])
        let allowed = Self.plan(.jpeg, allowed: [.quality]).axis(Self.cell, format: .jpeg, skip: nil)
        #expect(allowed.map(\.quality) == FitSearchPlan.qualityLevels)
        #expect(allowed.allSatisfy { $0.colors == nil })
    }

    @Test("The setting known not to fit is left out of the axis")
    func skip() {
        let plan = Self.plan(.png, allowed: [.palette])
        let untouched = FitKnobs(geometry: Self.base, frames: 1, format: .png)
        let axis = plan.axis(Self.cell, format: .png, skip: untouched)
        #expect(!axis.contains(untouched))
        #expect(axis.count == FitSearchPlan.colorLevels.count && axis.first?.colors == 256)
    }

    @Test("The undithered neighbours are the same level and one more colours, never past 256")
    func neighbours() {
        var knobs = FitKnobs(geometry: Self.base, frames: 1, format: .png, colors: 24, dithered: true)
        let plain = FitSearchPlan.plainNeighbours(of: knobs)
        #expect(plain.map(\.colors) == [24, 32] && plain.allSatisfy { !$0.dithered })
        knobs.colors = 256
        #expect(FitSearchPlan.plainNeighbours(of: knobs).map(\.colors) == [256])
        knobs.colors = nil
        #expect(FitSearchPlan.plainNeighbours(of: knobs).isEmpty)
        // So an undithered setting may come from the dithered level below it, where a richer search starts.
        #expect(FitSearchPlan.levelBelow(32) == 24 && FitSearchPlan.levelBelow(30) == 24)
        #expect(FitSearchPlan.levelBelow(2) == 2)
    }

    @Test("Sizes, frame counts and formats follow --allow, the source's own first")
    func grid() {
        let all: Set<LossyStep> = [.palette, .frames, .resize, .format]
        let gif = Self.plan(.gif, allowed: all, frames: 6)
        #expect(gif.formats == [.gif, .png])
        #expect(gif.frameCounts == [6, 2])
        #expect(gif.geometries(base: Self.base) == [Self.base] + Self.base.smallerClasses())
        #expect(Self.base.smallerClasses().count == 2)
        let kept = Self.plan(.apng, allowed: [.palette], frames: 6)
        #expect(kept.formats == [.png])
        #expect(kept.frameCounts == [6])
        #expect(kept.geometries(base: Self.base) == [Self.base])
        let fixed = FitSearchPlan(
            width: 618, height: 618, format: .png, frameCount: 1, frameCountsToTry: [1], allowed: all,
            sizeClass: .large)
        #expect(fixed.geometries(base: Self.base) == [Self.base])
    }

    @Test("The first passing index, or the count: by bisection in about log2 tests, from the end in one an index")
    func firstPassing() {
        for fromEnd in [false, true] {
            let search = fromEnd ? FitSearchPlan.firstPassingFromEnd : FitSearchPlan.firstPassing
            for count in 0...12 {
                for first in 0...count {
                    var tests = 0
                    let found = search(count) { index in
                        tests += 1
                        return index >= first
                    }
                    #expect(found == first, "\(count) \(first)")
                    let bisection = 1 + (count > 1 ? Int.bitWidth - (count - 1).leadingZeroBitCount : 0)
                    #expect(fromEnd ? tests == min(count, count - first + 1) : tests <= bisection)
                }
            }
        }
    }

    @Test("Only an animation of more than twice the sample's frames is searched on sampled sizes")
    func sampled() {
        #expect(!FitSearchPlan.isSampled(frames: FitSearchPlan.sampleFrames * 2))
        #expect(FitSearchPlan.isSampled(frames: FitSearchPlan.sampleFrames * 2 + 1))
    }
}
