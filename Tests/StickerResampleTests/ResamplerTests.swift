import Foundation
import StickerImage
import Testing

@testable import StickerResample

@Suite("Resampler")
struct ResamplerTests {
    @Test("STICKERPACK_PORTABLE=1 runs the portable loops, as an arm64 Mac does")
    func portableEnvironment() {
        let portable = ProcessInfo.processInfo.environment["STICKERPACK_PORTABLE"] == "1"
        #expect(!portable || !Kernels.avx2)
        let plan = ResamplePlan(sourceWidth: 8, sourceHeight: 8, width: 4, height: 4)
        #expect(plan.useKernels == Kernels.avx2)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The largest difference of any channel; fully transparent pixels compare equal whatever their colour.
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> (Int, Int) {
        var worst = 0
        var at = -1
        for i in Swift.stride(from: 0, to: a.count, by: 4) where !(a[i + 3] == 0 && b[i + 3] == 0) {
            for c in 0..<4 {
                let d = abs(Int(a[i + c]) - Int(b[i + c]))
                if d > worst { (worst, at) = (d, i / 4) }
            }
        }
        return (worst, at)
    }

    static func random(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<(width * height * 4)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test(
        "Fast path (AVX2 kernels where the CPU has them, portable loops) within 1 per channel of the reference",
        arguments: ResampleFilter.allCases)
    func matchesReferenceOnRandom(_ filter: ResampleFilter) {
        // Shrinking heights take the vertical-first kernel; growing or equal ones the horizontal-first one.
        for (w, h, nw, nh) in [
            (61, 47, 20, 31), (40, 40, 97, 13), (33, 20, 33, 7), (7, 9, 3, 3), (130, 70, 43, 23),
            (20, 31, 61, 47), (50, 7, 21, 7), (9, 5, 9, 12),
        ] {
            for (linear, kernels) in [(false, true), (true, true), (false, false), (true, false)] {
                let pixels = Self.random(width: w, height: h, seed: UInt64(w * 1000 + nw))
                var plan = ResamplePlan(
                    sourceWidth: w, sourceHeight: h, width: nw, height: nh, filter: filter, linear: linear)
                plan.useKernels = plan.useKernels && kernels
                let fast = plan.resize(pixels)
                let reference = ReferenceResampler.resize(
                    pixels, width: w, height: h, to: nw, nh, filter: filter, linear: linear)
                let (worst, at) = Self.maxDifference(fast, reference)
                #expect(
                    worst <= 1,
                    """
                    \(filter) \(w)x\(h)->\(nw)x\(nh) linear \(linear) kernels \(plan.useKernels): \
                    pixel \(at) differs by \(worst)
                    """
                )
            }
        }
    }

    @Test("A huge shrink of a tall image (4096 taps a row) runs horizontal first and matches the portable loops")
    func hugeVerticalShrink() {
        // 2100 x 4096 -> 2100 x 1: the vertical-first ring would hold 4096 rows of 16.8 KB, over its 64 MiB.
        let (w, h) = (2100, 4096)
        // Eight random bytes a step: the byte-wise generator is slow for 32 MB in an unoptimised test build.
        var state: UInt64 = 7
        let words = (0..<(w * h / 2)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        let pixels = words.withUnsafeBytes { Array($0) }
        let plan = ResamplePlan(sourceWidth: w, sourceHeight: h, width: w, height: 1)
        var portable = plan
        portable.useKernels = false
        let (worst, at) = Self.maxDifference(plan.resize(pixels), portable.resize(pixels))
        #expect(worst <= 1, "pixel \(at) differs by \(worst)")
    }

    @Test("Fast path within 1 of the reference on real stickers")
    func matchesReferenceOnRealImages() throws {
        for name in ["SamplePacks/Clean/cat.png", "SamplePacks/Clean/star.png"] {
            let image = try ImageDecoder.decodeFile(at: Self.packageRoot.appendingPathComponent(name).path).frames[0]
                .image
            for scale in [2, 1] {
                let (w, h) = ResamplePlan.variantSize(width: image.width, height: image.height, scale: scale)
                let fast = ResamplePlan(sourceWidth: image.width, sourceHeight: image.height, width: w, height: h)
                    .resize(image.pixels)
                let reference = ReferenceResampler.resize(
                    image.pixels, width: image.width, height: image.height, to: w, h, filter: .lanczos3)
                let (worst, at) = Self.maxDifference(fast, reference)
                #expect(worst <= 1, "\(name) @\(scale)x: pixel \(at) differs by \(worst)")
            }
        }
    }

    @Test("No colour bleeds from transparent pixels into a sticker's edge", arguments: ResampleFilter.allCases)
    func noColourBleed(_ filter: ResampleFilter) {
        var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4
                let inside = (16..<48).contains(x) && (16..<48).contains(y)
                pixels[i..<(i + 4)] = inside ? [255, 255, 0, 128] : [0, 0, 255, 0]
            }
        }
        for linear in [false, true] {
            let out = ResamplePlan(
                sourceWidth: 64, sourceHeight: 64, width: 20, height: 20, filter: filter, linear: linear
            ).resize(pixels)
            for i in Swift.stride(from: 0, to: out.count, by: 4) where out[i + 3] > 0 {
                #expect(
                    Array(out[i..<(i + 3)]) == [255, 255, 0],
                    "\(filter) linear \(linear): pixel \(i / 4) is \(Array(out[i..<(i + 4)]))")
            }
        }
    }

    @Test(
        "A 1 px line and a checkerboard: the fast path rings no more than the filter itself",
        arguments: ResampleFilter.allCases)
    func noExtraRinging(_ filter: ResampleFilter) {
        var line = [UInt8](repeating: 255, count: 60 * 60 * 4)
        for y in 0..<60 { for c in 0..<3 { line[(y * 60 + 30) * 4 + c] = 0 } }
        var checker = [UInt8](repeating: 255, count: 60 * 60 * 4)
        for y in 0..<60 {
            for x in 0..<60 where (x + y) % 2 == 0 { for c in 0..<3 { checker[(y * 60 + x) * 4 + c] = 0 } }
        }
        for pixels in [line, checker] {
            let fast = ResamplePlan(sourceWidth: 60, sourceHeight: 60, width: 23, height: 23, filter: filter).resize(
                pixels)
            let reference = ReferenceResampler.resize(pixels, width: 60, height: 60, to: 23, 23, filter: filter)
            #expect(Self.maxDifference(fast, reference).0 <= 1)
            if filter == .box || filter == .bilinear {
                // Kernels without negative lobes cannot overshoot: every value stays within the input's range.
                #expect(fast.allSatisfy { $0 <= 255 })
            }
        }
        // A checkerboard averaged by a wide box is flat grey: no aliasing pattern survives.
        let grey = ResamplePlan(sourceWidth: 60, sourceHeight: 60, width: 15, height: 15, filter: .box).resize(checker)
        #expect(
            Set(Swift.stride(from: 0, to: grey.count, by: 4).map { grey[$0] }).allSatisfy { abs(Int($0) - 128) <= 1 })
    }

    @Test("Scale 1 returns the input unchanged")
    func identity() {
        let pixels = Self.random(width: 9, height: 5, seed: 3)
        #expect(ResamplePlan(sourceWidth: 9, sourceHeight: 5, width: 9, height: 5).resize(pixels) == pixels)
    }

    @Test(
        "Variant sizes round to the nearest pixel and keep the aspect",
        arguments: [
            (618, 618, 2, 412, 412), (618, 618, 1, 206, 206), (408, 408, 2, 272, 272), (408, 408, 1, 136, 136),
            (300, 300, 2, 200, 200), (300, 300, 1, 100, 100), (500, 301, 2, 333, 201), (500, 301, 1, 167, 100),
        ])
    func variantSizes(_ w: Int, _ h: Int, _ scale: Int, _ ew: Int, _ eh: Int) {
        let size = ResamplePlan.variantSize(width: w, height: h, scale: scale)
        #expect(size.width == ew && size.height == eh)
    }

    @Test("Animated images keep frame count, delays and loop count")
    func animation() throws {
        let image = try ImageDecoder.decodeFile(
            at: Self.packageRoot.appendingPathComponent("SamplePacks/Clean/wave.png").path)
        let small = image.resized(width: 136, height: 136)
        #expect(small.frames.count == image.frames.count)
        #expect(small.delaysMs == image.delaysMs)
        #expect(small.loopCount == image.loopCount)
        #expect(small.frames.allSatisfy { $0.image.width == 136 && $0.image.height == 136 })
    }

    @Test("Weights of every output pixel sum to 1", arguments: ResampleFilter.allCases)
    func normalised(_ filter: ResampleFilter) {
        for (s, d) in [(618, 412), (618, 206), (10, 37), (5, 5), (4928, 852)] {
            let table = WeightTable(source: s, destination: d, filter: filter)
            for x in 0..<d {
                let sum = (0..<table.counts[x]).reduce(Float(0)) { $0 + table.weights[x * table.stride + $1] }
                #expect(abs(sum - 1) < 1e-4)
                #expect(table.starts[x] >= 0 && table.starts[x] + table.counts[x] <= s)
            }
        }
    }
}

@Suite("Weight tables")
struct WeightTableTests {
    @Test("Bilinear 4 -> 2: the widened triangle, folded onto the edge pixel")
    func knownWeights() {
        let table = WeightTable.exact(source: 4, destination: 2, filter: .bilinear)
        #expect(table[0].start == 0)
        #expect(table[0].weights.map { ($0 * 1000).rounded() } == [500, 375, 125])
        #expect(table[1].start == 1)
        #expect(table[1].weights.map { ($0 * 1000).rounded() } == [125, 375, 500])
    }

    @Test("Upscaling does not widen the kernel: Lanczos-3 reads 6 taps")
    func upscaleTaps() {
        let table = WeightTable.exact(source: 10, destination: 40, filter: .lanczos3)
        #expect(table[20].weights.count == 6)
    }
}
