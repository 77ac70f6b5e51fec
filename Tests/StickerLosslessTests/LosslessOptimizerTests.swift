import Foundation
import StickerPalette
import StickerSupport
import TestSupport
import Testing

@testable import StickerImage
@testable import StickerLossless

@Suite("Lossless optimiser: frames, dispose and blend, GIF transparency, JPEG, chunks")
struct LosslessOptimizerTests {
    typealias Seeded = TestPixels.Seeded

    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
        TestPixels.image(width, height, pixel)
    }

    static func animation(_ frames: [RGBAImage], delays: [Double], format: ImageFormat = .apng) -> DecodedImage {
        DecodedImage(
            format: format, width: frames[0].width, height: frames[0].height,
            frames: zip(frames, delays).map { AnimationFrame(image: $0, delayMs: $1) }, loopCount: 0,
            encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
            warnings: [])
    }

    /// Draws an opaque square of `color` at (x, y) on a copy of `base`.
    static func stamp(_ base: RGBAImage, x: Int, y: Int, side: Int, color: [UInt8]) -> RGBAImage {
        var out = base
        for row in y..<(y + side) {
            for column in x..<(x + side) {
                let i = (row * base.width + column) * 4
                out.pixels.replaceSubrange(i..<(i + 4), with: color)
            }
        }
        return out
    }

    /// `base` (64x64) with a red square at its top left and a blue one at its bottom right.
    static func twoChangesFarApart(_ base: RGBAImage) -> RGBAImage {
        stamp(
            stamp(base, x: 1, y: 1, side: 3, color: [255, 0, 0, 255]), x: 60, y: 60, side: 3, color: [0, 0, 255, 255])
    }

    /// A noisy opaque background of at most `colors` colours, which no encoder compresses well.
    static func noise(_ width: Int, _ height: Int, colors: Int, seed: UInt64) -> RGBAImage {
        var random = Seeded(state: seed)
        return image(width, height) { _, _ in
            let c = Int.random(in: 0..<colors, using: &random)
            return [UInt8(c * 7 % 256), UInt8(c * 13 % 256), UInt8(c * 29 % 256), 255]
        }
    }

    /// A noisy background, then a white sprite at its left, then the same sprite at its right: the third frame is
    /// smallest drawn on the first, restored by disposing the second to the canvas before it.
    static func spriteMovingBack() -> (base: RGBAImage, left: RGBAImage, right: RGBAImage) {
        let base = noise(64, 64, colors: 40, seed: 3)
        return (
            base, stamp(base, x: 2, y: 20, side: 10, color: [255, 255, 255, 255]),
            stamp(base, x: 50, y: 20, side: 10, color: [255, 255, 255, 255])
        )
    }

    @Test("Identical consecutive frames are merged, their delays added, in APNG and GIF")
    func mergesIdenticalFrames() throws {
        let a = Self.stamp(RGBAImage(width: 32, height: 32), x: 4, y: 4, side: 8, color: [200, 10, 10, 255])
        let b = Self.stamp(a, x: 20, y: 20, side: 8, color: [10, 200, 10, 255])
        let image = Self.animation([a, a, b, b, b], delays: [100, 50, 30, 20, 10])
        for format in [ImageFormat.apng, .gif] {
            let back = try ImageDecoder.decode(try LosslessOptimizer.encode(image, as: format))
            #expect(back.frames.map(\.image) == [a, b], "\(format)")
            #expect(back.delaysMs == [150, 60], "\(format)")
        }
    }

    @Test("A still image is never made of an animation: all-identical frames keep two")
    func keepsAnimationAnimated() throws {
        let a = Self.stamp(RGBAImage(width: 16, height: 16), x: 2, y: 2, side: 4, color: [1, 2, 3, 255])
        let back = try ImageDecoder.decode(
            try LosslessOptimizer.encode(Self.animation([a, a, a], delays: [10, 20, 30]), as: .apng))
        #expect(back.frames.count == 2)
        #expect(back.durationMs == 60)
    }

    @Test("APNG: a sprite that moves back is drawn after dispose previous, not over the old place")
    func disposePrevious() throws {
        let (base, left, right) = Self.spriteMovingBack()
        let image = Self.animation([base, left, right], delays: [100, 100, 100])
        let png = try APNGEncoder.encode(image, compression: .max)
        let controls = try TestPixels.frameControls(png)
        #expect(controls[1][7] == 2, "frame 1 is disposed to the canvas before it")
        #expect(controls[2][1] == 10 && controls[2][2] == 10, "frame 2 stores only its sprite")
        #expect(try ImageDecoder.decode(png).frames.map(\.image) == [base, left, right])
    }

    @Test("GIF: a sprite that moves back is drawn after disposal to previous, not over the old place")
    func gifDisposePrevious() throws {
        let (base, left, right) = Self.spriteMovingBack()
        var table = ColorTable()
        for frame in [base, left, right] {
            frame.pixels.withUnsafeBytes { raw in
                for p in raw.bindMemory(to: UInt32.self) { _ = table.insert(p) }
            }
        }
        _ = table.insert(0)
        let frames = try #require(GIFFramePlanner(globalTable: table).plan([base, left, right]))
        #expect(frames[1].disposal == .previous, "frame 1 is disposed to the canvas before it")
        #expect(frames[2].rect.width == 10 && frames[2].rect.height == 10, "frame 2 stores only its sprite")
        let image = Self.animation([base, left, right], delays: [100, 100, 100], format: .gif)
        #expect(try ImageDecoder.decode(try GIFEncoder.encode(image)).frames.map(\.image) == [base, left, right])
    }

    @Test("APNG: two changes far apart are blended over, the pixels between them left transparent")
    func blendOver() throws {
        var base = Self.noise(64, 64, colors: 200, seed: 9)
        base = Self.stamp(base, x: 0, y: 0, side: 1, color: [0, 0, 0, 0])  // the layout holds transparent
        let changed = Self.twoChangesFarApart(base)
        let image = Self.animation([base, changed], delays: [100, 100])
        let png = try APNGEncoder.encode(image, compression: .max)
        let controls = try TestPixels.frameControls(png)
        #expect(controls[1][8] == 1, "frame 1 blends over")
        #expect(try ImageDecoder.decode(png).frames.map(\.image) == [base, changed])
    }

    @Test("APNG: frames compressed on several threads give the same bytes as on one")
    func threadsSameBytes() throws {
        let source = try ImageDecoder.decodeFile(
            at: Corpus.packageRoot.appendingPathComponent("SamplePacks/Clean/wave.png").path)
        #expect(source.frames.count > 2)
        // No memo: each encoding runs libdeflate, the second on three threads at once.
        for effort in [PNGCompression.max, .fast] {
            let one = try LosslessOptimizer.encode(source, as: .apng, effort: effort)
            #expect(try LosslessOptimizer.encode(source, as: .apng, effort: effort, threads: 3) == one, "\(effort)")
        }
    }

    @Test("GIF: unchanged pixels inside a frame's rectangle become the transparent index")
    func gifTransparencyForUnchanged() throws {
        let base = Self.noise(64, 64, colors: 100, seed: 4)
        let changed = Self.twoChangesFarApart(base)
        let image = Self.animation([base, changed], delays: [100, 100], format: .gif)
        let written = try #require(GIFEncoder.encodeExact(image))
        #expect(written.keptUnchanged == 1)
        let back = try ImageDecoder.decode(written.bytes)
        #expect(back.frames.map(\.image) == [base, changed])
        #expect(back.delaysMs == [100, 100])
    }

    @Test("LZW: a frozen full table (deferred clear) and a cleared one both decode exactly")
    func lzwPolicies() throws {
        let frame = Self.noise(300, 200, colors: 256, seed: 11)
        var table = ColorTable()
        var indices: [UInt8] = []
        frame.pixels.withUnsafeBytes { raw in
            for p in raw.bindMemory(to: UInt32.self) {
                _ = table.insert(p)
                indices.append(table.index(of: p))
            }
        }
        for policy in LZWEncoder.FullTable.allCases {
            let codes = indices.withUnsafeBufferPointer {
                LZWEncoder.compress($0, minCodeSize: 8, policy: policy, table: LZWTable())!.codes
            }
            var data: [UInt8] = [8]
            for start in Swift.stride(from: 0, to: codes.count, by: 255) {
                let end = min(codes.count, start + 255)
                data += [UInt8(end - start)] + codes[start..<end]
            }
            data.append(0)
            var writer = GIFStreamWriter()
            writer.appendScreen(width: 300, height: 200, globalTable: table.colors)
            writer.appendImage(PixelRect(x: 0, y: 0, width: 300, height: 200), localTable: nil, data: data)
            let back = try ImageDecoder.decode(writer.finish())
            #expect(back.frames[0].image == frame, "\(policy)")
        }
    }

    @Test("encode round-trips quantised frames exactly, as APNG and as GIF, at full and quick effort")
    func encodeQuantised() throws {
        let source = try ImageDecoder.decodeFile(
            at: Corpus.packageRoot.appendingPathComponent("SamplePacks/Clean/wave.png").path)
        for format in [ImageFormat.apng, .gif] {
            var frames = source.frames.map(\.image)
            if format == .gif { frames = frames.map { GIFEncoder.thresholded($0, at: 128) } }
            let quantized = PaletteQuantizer.quantize(frames, options: .init(maxColors: 64))
            var image = source
            for index in image.frames.indices { image.frames[index].image = quantized.image(frame: index) }
            for effort in [PNGCompression.max, .fast] {
                let back = try ImageDecoder.decode(try LosslessOptimizer.encode(image, as: format, effort: effort))
                let (a, b) = (LosslessCorpusTests.timeline(image), LosslessCorpusTests.timeline(back))
                #expect(a.map(\.image) == b.map(\.image), "\(format) \(effort)")
                #expect(a.map(\.delayMs) == b.map(\.delayMs), "\(format) \(effort)")
                #expect(back.loopCount == image.loopCount)
            }
        }
    }

    @Test("JPEG: the coefficients are copied, so it decodes identical; Huffman tables optimised")
    func jpegTranscode() throws {
        for path in ["libjpeg-turbo-testimages/testorig.jpg", "libjpeg-turbo-testimages/testimgint.jpg"] {
            let bytes = try FileBytes.read(Corpus.path(path), limit: 1 << 24)
            let result = try LosslessOptimizer.optimize(bytes)
            #expect(result.format == .jpeg)
            #expect(result.bytes.count < bytes.count, "\(path)")
            #expect(result.steps.contains("optimised Huffman tables"))
            #expect(try ImageDecoder.decode(result.bytes).frames[0].image == ImageDecoder.decode(bytes).frames[0].image)
        }
    }

    @Test("JPEG: the EXIF orientation survives the transcode")
    func jpegKeepsOrientation() throws {
        let path = Corpus.packageRoot.appendingPathComponent("SamplePacks/Problems/rotated.jpg").path
        let bytes = try FileBytes.read(path, limit: 1 << 24)
        let before = try ImageDecoder.decode(bytes)
        #expect(before.encoding.exifOrientation != nil)
        let transcoded = try JPEGTranscoder.transcode(bytes, limits: .default)
        #expect(try ImageDecoder.decode(transcoded.bytes).encoding.exifOrientation == before.encoding.exifOrientation)
    }

    @Test("PNG: colour chunks are kept byte for byte, text and the like dropped, hidden colours zeroed")
    func pngChunks() throws {
        let art = TestPixels.image(40, 40) { x, y in
            x < 20 ? [UInt8(x * 9), UInt8(y * 5), 77, 255] : [UInt8(x), UInt8(y), 1, 0]
        }
        let gamma: [UInt8] = [0, 0, 0xB1, 0x8F]
        var writer = PNGChunkWriter()
        writer.appendHeader(width: 40, height: 40, bitDepth: 8, colorType: .rgba)
        writer.append("gAMA", gamma)
        writer.append("tEXt", Array("Comment\u{0}made by a test".utf8))
        let rows = art.pixels.withUnsafeBytes {
            PNGRowFilter.filter($0, rowBytes: 160, height: 40, bytesPerPixel: 4, strategy: .fixed(.none))
        }
        writer.append("IDAT", try rows.withUnsafeBytes { try DeflateCompressor(level: 1).zlib($0) })
        writer.append("IEND", [])
        let result = try LosslessOptimizer.optimize(writer.bytes)
        #expect(result.steps.contains("dropped 1 chunk"))
        #expect(result.steps.contains("zeroed colour under alpha 0"))
        let chunks = try PNGChunkWalker.chunks(of: result.bytes)
        let kept = try #require(chunks.first { $0.type == "gAMA" })
        #expect(Array(result.bytes[kept.data]) == gamma)
        #expect(!chunks.contains { $0.type == "tEXt" })
        #expect(try ImageDecoder.decode(result.bytes).frames[0].image == art.zeroingHiddenColor().image)
    }

    @Test("Nothing smaller: the input comes back unchanged, with no steps")
    func unchangedWhenNothingSmaller() throws {
        let png = try LosslessOptimizer.optimize(
            try FileBytes.read(Corpus.path("pngsuite/pngsuite/basn0g01.png"), limit: 1 << 20))
        let again = try LosslessOptimizer.optimize(png.bytes)
        #expect(again.bytes == png.bytes)
        #expect(again.steps.isEmpty)
    }

    @Test("encode refuses frames that do not fit the canvas, and survives a delay that is not a number")
    func encodeChecksItsInput() throws {
        let a = RGBAImage(width: 8, height: 8)
        var image = Self.animation([a, RGBAImage(width: 4, height: 4)], delays: [10, 10])
        #expect(throws: EncodeError.invalidImage("cannot encode: a 4x4 px frame on a 8x8 px canvas")) {
            try LosslessOptimizer.encode(image, as: .apng)
        }
        #expect(EncodeError.invalidImage("").hint.contains("export it again"))
        let b = Self.stamp(a, x: 1, y: 1, side: 2, color: [9, 9, 9, 255])
        image = Self.animation([a, b], delays: [.nan, .infinity])
        for format in [ImageFormat.apng, .gif] {
            #expect(try ImageDecoder.decode(try LosslessOptimizer.encode(image, as: format)).frames.count == 2)
        }
    }

    @Test("Hostile input is a decode error, not a trap", arguments: ["pngsuite/pngsuite/xcrn0g04.png"])
    func hostile(_ path: String) throws {
        let bytes = try FileBytes.read(Corpus.path(path), limit: 1 << 20)
        #expect(throws: DecodeError.self) { try LosslessOptimizer.optimize(bytes) }
    }
}
