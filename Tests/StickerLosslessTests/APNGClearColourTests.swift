import TestSupport
import Testing

@testable import StickerImage
@testable import StickerLossless

/// An opaque animation has no transparent colour for blend "over": at full effort it is also planned with one added,
/// and the smaller plan kept, compared on a sample of frames.
@Suite("APNG: a clear colour added for blend over")
struct APNGClearColourTests {
    typealias T = LosslessOptimizerTests

    /// A thorough effort below level 12 (fit's full effort) plans as `max` does; a plain level 11 does not.
    @Test("APNG: an opaque animation gets a clear colour for blend over at a thorough effort only, exact either way")
    func clearColourAtFullEffort() throws {
        let base = T.noise(64, 64, colors: 200, seed: 9)
        let changed = T.twoChangesFarApart(base)
        let image = T.animation([base, changed], delays: [100, 100])
        var blends: [Bool] = []
        let efforts = [
            PNGCompression.max, PNGCompression(level: 11, thorough: true)!, PNGCompression(level: 11)!, .fast,
        ]
        for effort in efforts {
            let png = try LosslessOptimizer.encode(image, as: .apng, effort: effort)
            blends.append(try TestPixels.frameControls(png)[1][8] == 1)
            #expect(try ImageDecoder.decode(png).frames.map(\.image) == [base, changed], "\(effort)")
        }
        #expect(blends == [true, true, false, false], "frame 1 blends over when thorough, and is stored as it is else")
    }

    /// The two plans of an opaque animation are compared on a sample of frames at full effort; 16 colours with a
    /// clear one added store 8-bit indices instead of 4-bit, so the first frame is compared too.
    @Test("APNG: an opaque 16-colour animation at full effort comes back exact, the same on several threads")
    func clearColourSampled() throws {
        var frames = [T.noise(64, 64, colors: 16, seed: 3)]
        for k in 1..<9 {
            // A square of one of the noise's own colours, somewhere new each frame: still 16 colours in all.
            let c = (k * 5) % 16
            let color = [UInt8(c * 7 % 256), UInt8(c * 13 % 256), UInt8(c * 29 % 256), 255]
            frames.append(T.stamp(frames.last!, x: 6 * k, y: 5 * k, side: 4, color: color))
        }
        let image = T.animation(frames, delays: Array(repeating: 100, count: 9))
        let png = try LosslessOptimizer.encode(image, as: .apng, effort: .max)
        #expect(try ImageDecoder.decode(png).frames.map(\.image) == frames)
        // No memo: libdeflate runs on three threads at once.
        #expect(try LosslessOptimizer.encode(image, as: .apng, effort: .max, threads: 3) == png)
        #expect(png.count <= (try LosslessOptimizer.encode(image, as: .apng, effort: .fast)).count)
    }
}
