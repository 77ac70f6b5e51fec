import Foundation
import TestSupport
import Testing

@testable import StickerImage

/// The PNG/APNG writer: every output decodes through libpng to exactly its input, in every colour type it
/// picks and at every class of compression level, with valid chunks.
@Suite("PNG/APNG encoder over libdeflate")
struct PNGEncoderTests {
    static let levels: [PNGCompression] = [PNGCompression(level: 0)!, PNGCompression(level: 1)!, .fast, .max]

    /// IHDR's bit depth and colour type, and every chunk's type, each CRC checked by the decoder's walker.
    static func header(_ png: [UInt8]) throws -> (bitDepth: Int, colorType: Int, chunks: [String]) {
        let chunks = try PNGChunkWalker.chunks(of: png)
        let ihdr = try #require(chunks.first)
        #expect(ihdr.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        // The CRC once more, through the table implementation, independent of libdeflate's.
        for chunk in chunks {
            let crc = DeflateCRC32.checksum(png[(chunk.offset + 4)..<chunk.data.upperBound])
            #expect(crc == png.uint32BE(at: chunk.data.upperBound), "CRC of \(chunk.type)")
        }
        return (Int(png[ihdr.data.lowerBound + 8]), Int(png[ihdr.data.lowerBound + 9]), chunks.map(\.type))
    }

    /// Encodes at every level class and checks the decode, the colour type and the bit depth.
    static func roundTrip(
        _ image: RGBAImage, colorType: PNGColorType, bitDepth: Int, chunks expected: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for level in levels {
            let png = try PNGEncoder.encode(image, compression: level)
            let header = try header(png)
            #expect(header.colorType == Int(colorType.rawValue), "level \(level)", sourceLocation: sourceLocation)
            #expect(header.bitDepth == bitDepth, "level \(level)", sourceLocation: sourceLocation)
            for chunk in expected {
                #expect(header.chunks.contains(chunk), "\(chunk) at level \(level)", sourceLocation: sourceLocation)
            }
            let back = try ImageDecoder.decode(png)
            #expect(back.frames.count == 1)
            #expect(back.frames[0].image == image, "pixels at level \(level)", sourceLocation: sourceLocation)
        }
    }

    @Test("Grey at 1, 2, 4 and 8 bits when every level fits; opaque, so no tRNS")
    func greyDepths() throws {
        for (depth, step) in [(1, 255), (2, 85), (4, 17), (8, 1)] {
            let levels = 256 / max(1, step) + (step == 1 ? 0 : 1)
            let image = TestPixels.image(37, 23) { x, y in
                let g = UInt8(((x * 7 + y * 3) % levels) * step % 256)
                return [g, g, g, 255]
            }
            try Self.roundTrip(image, colorType: .grey, bitDepth: depth)
        }
    }

    @Test("Grey with one fully transparent grey: a tRNS colour key; invisible pixels keep their grey")
    func greyColorKey() throws {
        let image = TestPixels.image(40, 30) { x, y in
            x % 9 == 0
                ? [255, 255, 255, 0]
                : [UInt8((x * 11 + y) % 255), UInt8((x * 11 + y) % 255), UInt8((x * 11 + y) % 255), 255]
        }
        try Self.roundTrip(image, colorType: .grey, bitDepth: 8, chunks: ["tRNS"])
    }

    @Test("Grey with partial alpha and more than 256 grey-alpha pairs: grey + alpha")
    func greyAlpha() throws {
        var random = TestPixels.Seeded(state: 1)
        let image = TestPixels.image(64, 48) { _, _ in
            let g = UInt8.random(in: 0...255, using: &random)
            return [g, g, g, UInt8.random(in: 0...255, using: &random)]
        }
        try Self.roundTrip(image, colorType: .greyAlpha, bitDepth: 8)
    }

    @Test("Opaque noise: RGB; with one colour fully transparent and never opaque: RGB and a tRNS key")
    func rgbAndKey() throws {
        var random = TestPixels.Seeded(state: 2)
        let noise = TestPixels.image(50, 40) { _, _ in
            [
                UInt8.random(in: 1...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), 255,
            ]
        }
        try Self.roundTrip(noise, colorType: .rgb, bitDepth: 8)
        var keyed = noise
        for i in Swift.stride(from: 0, to: keyed.pixels.count, by: 28) {
            keyed.pixels.replaceSubrange(i..<(i + 4), with: [0, 0, 0, 0])
        }
        try Self.roundTrip(keyed, colorType: .rgb, bitDepth: 8, chunks: ["tRNS"])
        // The key colour also opaque somewhere: no key is exact, so RGBA.
        var clash = keyed
        clash.pixels.replaceSubrange(4..<8, with: [0, 0, 0, 255])
        try Self.roundTrip(clash, colorType: .rgba, bitDepth: 8)
    }

    @Test("Few colours: a palette at 1, 2, 4 or 8 bits, translucent entries in tRNS")
    func palettes() throws {
        for (count, depth) in [(2, 1), (4, 2), (13, 4), (200, 8)] {
            var random = TestPixels.Seeded(state: UInt64(count))
            var colors: [[UInt8]] = []
            for i in 0..<count {
                let green = UInt8.random(in: 0...255, using: &random)
                let blue = UInt8.random(in: 0...255, using: &random)
                let alpha: UInt8 = i % 3 == 0 ? UInt8(i % 256) : 255
                colors.append([UInt8(i * 37 % 256), green, blue, alpha])
            }
            let image = TestPixels.image(33, 29) { x, y in colors[(x * 5 + y * 7) % count] }
            try Self.roundTrip(image, colorType: .palette, bitDepth: depth, chunks: ["PLTE", "tRNS"])
        }
    }

    @Test("Invisible pixels keep their colour: transparent pixels of many colours stay exact")
    func invisibleColours() throws {
        var random = TestPixels.Seeded(state: 3)
        let image = TestPixels.image(60, 60) { _, _ in
            [
                .random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                .random(in: 0...255, using: &random), UInt8.random(in: 0...3, using: &random) == 0 ? 255 : 0,
            ]
        }
        try Self.roundTrip(image, colorType: .rgba, bitDepth: 8)
    }

    @Test("At full effort a dithered 256-colour photo is no larger than unfiltered: the fast ranking keeps it in")
    func ditheredPaletteStaysUnfiltered() throws {
        // At libdeflate's fastest level four filters look better than none; at level 12 the unfiltered indices'
        // repeats win by 8 % (Tests/Fixtures/encoding/README.md).
        let image = try Self.ditheredSunset()
        let chosen = try PNGEncoder.encode(image, compression: .max)
        #expect(chosen.count <= (try Self.encode(image, compression: .max, only: .fixed(.none))).count)
    }

    @Test("At the quick effort a large dithered palette image is no larger than unfiltered or filtered per row")
    func quickPaletteComparedWhole() throws {
        // Ranked at the fastest level on a sample of rows, the per-row filters won: 92,741 bytes at level 6,
        // against 92,594 unfiltered.
        let image = try Self.ditheredSunset()
        let chosen = try PNGEncoder.encode(image, compression: .fast)
        for strategy in [PNGFilterStrategy.fixed(.none), .minimumSumOfAbsoluteDifferences] {
            #expect(chosen.count <= (try Self.encode(image, compression: .fast, only: strategy)).count, "\(strategy)")
        }
    }

    /// A 408 px photo dithered to 256 colours (Tests/Fixtures/encoding/README.md).
    static func ditheredSunset() throws -> RGBAImage {
        try ImageDecoder.decodeFile(
            at: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/encoding/sunset-408-dithered.png").path
        ).frames[0].image
    }

    /// `image` in its own layout with every row filtered by `strategy` alone.
    static func encode(_ image: RGBAImage, compression: PNGCompression, only strategy: PNGFilterStrategy) throws
        -> [UInt8]
    {
        try PNGEncoder.encode(
            image, layout: PNGColorReducer.layout(for: [image]), compression: compression, strategies: [strategy])
    }

    @Test("Random images of random sizes, alpha and colour counts: every one decodes to its pixels")
    func randomImages() throws {
        var random = TestPixels.Seeded(state: 4)
        for _ in 0..<24 {
            let width = Int.random(in: 1...90, using: &random)
            let height = Int.random(in: 1...90, using: &random)
            let palette = (0..<Int.random(in: 1...400, using: &random)).map { _ in
                [
                    UInt8.random(in: 0...255, using: &random), .random(in: 0...255, using: &random),
                    .random(in: 0...255, using: &random), [0, 128, 255].randomElement(using: &random)!,
                ]
            }
            let image = TestPixels.image(width, height) { _, _ in palette.randomElement(using: &random)! }
            for level in Self.levels {
                let png = try PNGEncoder.encode(image, compression: level)
                _ = try Self.header(png)
                #expect(try ImageDecoder.decode(png).frames[0].image == image, "\(width)x\(height) at \(level)")
            }
        }
    }

    @Test("Every filter type, forced on every row, at every filter distance, decodes exactly through libpng")
    func everyFilter() throws {
        var random = TestPixels.Seeded(state: 5)
        // Smooth gradients with noise: every predictor has something to predict.
        let image = TestPixels.image(45, 31) { x, y in
            [
                UInt8((x * 5 + y) % 256), UInt8((y * 7) % 256) &+ .random(in: 0...9, using: &random),
                UInt8((x * y) % 256), UInt8(255 - (x + y) % 200),
            ]
        }
        let opaque = RGBAImage(
            width: image.width, height: image.height,
            pixels: image.pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        let layouts: [(RGBAImage, PNGPixelLayout)] = [
            (image, .rgba),
            (opaque, PNGPixelLayout(colorType: .rgb, bitDepth: 8, palette: nil, transparentKey: nil)),
            (
                TestPixels.image(45, 31) { x, y in [UInt8(x * 5), UInt8(x * 5), UInt8(x * 5), UInt8(y * 8)] },
                PNGPixelLayout(colorType: .greyAlpha, bitDepth: 8, palette: nil, transparentKey: nil)
            ),
            (
                TestPixels.image(45, 31) { x, y in [UInt8(x * y % 256), UInt8(x * y % 256), UInt8(x * y % 256), 255] },
                PNGPixelLayout(colorType: .grey, bitDepth: 8, palette: nil, transparentKey: nil)
            ),
        ]
        let few = TestPixels.image(45, 31) { x, y in [UInt8(x % 4 * 60), UInt8(y % 4 * 60), 9, 255] }
        let all = layouts + [(few, PNGColorReducer.layout(for: [few]))]
        for (picture, layout) in all {
            for strategy in PNGFilterStrategy.all {
                for level in [PNGCompression(level: 0)!, .fast] {
                    let png = try PNGEncoder.encode(picture, layout: layout, compression: level, strategies: [strategy])
                    #expect(
                        try ImageDecoder.decode(png).frames[0].image == picture,
                        "\(layout.colorType) \(layout.bitDepth)-bit, \(strategy), \(level)")
                }
            }
        }
    }

    @Test("encodeOpaque drops alpha (RGB or smaller), encodeRGBA always writes 8-bit RGBA")
    func opaqueAndRGBA() throws {
        let image = TestPixels.image(20, 20) { x, y in [UInt8(x * 12), UInt8(y * 12), 7, UInt8(x * 10)] }
        let opaque = try PNGEncoder.encodeOpaque(image)
        #expect([2, 3].contains(try Self.header(opaque).colorType))
        #expect(
            try ImageDecoder.decode(opaque).frames[0].image.pixels.enumerated().allSatisfy {
                $0.offset % 4 != 3 || $0.element == 255
            })
        let flat = TestPixels.image(8, 8) { _, _ in [1, 2, 3, 4] }
        let rgba = try PNGEncoder.encodeRGBA(flat)
        #expect(try Self.header(rgba).colorType == 6)
        #expect(try ImageDecoder.decode(rgba).frames[0].image == flat)
    }

    @Test("--compression values: fast, max, 0 to 12; nothing else")
    func compressionArguments() {
        #expect(PNGCompression(text: "fast") == .fast)
        #expect(PNGCompression(text: "MAX") == .max)
        #expect(PNGCompression(text: "0")?.level == 0)
        #expect(PNGCompression(text: "12")?.level == 12)
        for bad in ["13", "-1", "", "6.5", "slow"] { #expect(PNGCompression(text: bad) == nil, "\(bad)") }
    }

    // MARK: APNG

    @Test("APNG: frames that clear, move and repeat come back exactly, with delays and the loop count")
    func apngSemantics() throws {
        var random = TestPixels.Seeded(state: 6)
        let background = TestPixels.image(48, 40) { x, y in
            [UInt8(x * 5), UInt8(y * 6), .random(in: 0...255, using: &random), UInt8((x + y) % 2 == 0 ? 255 : 90)]
        }
        var moved = background
        for i in Swift.stride(from: 0, to: 48 * 10 * 4, by: 4) {
            moved.pixels.replaceSubrange(i..<(i + 4), with: [0, 0, 0, 0])
        }
        let cleared = RGBAImage(width: 48, height: 40)
        let frames = [background, moved, moved, cleared, background].enumerated().map {
            AnimationFrame(image: $0.element, delayMs: [100, 40, 0, 1500, 33][$0.offset])
        }
        for loops in [0, 3] {
            let image = DecodedImage(
                format: .apng, width: 48, height: 40, frames: frames, loopCount: loops,
                encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
                warnings: [])
            for level in Self.levels {
                let png = try APNGEncoder.encode(image, compression: level)
                let chunks = try Self.header(png).chunks
                #expect(chunks.firstIndex(of: "acTL")! < chunks.firstIndex(of: "IDAT")!)
                #expect(chunks.firstIndex(of: "fcTL")! < chunks.firstIndex(of: "IDAT")!)
                let controls = try TestPixels.frameControls(png)
                #expect(controls.count == frames.count)
                // The unchanged third frame is a 1x1 rectangle (dispose and blend ops are chosen per frame).
                #expect(controls[2][1] == 1 && controls[2][2] == 1)
                let back = try ImageDecoder.decode(png)
                #expect(back.format == .apng)
                #expect(back.loopCount == loops)
                #expect(back.delaysMs == [100, 40, 0, 1500, 33])
                #expect(back.frames.map(\.image) == frames.map(\.image), "frames at \(level)")
            }
        }
    }

    @Test("Sequence numbers of fcTL and fdAT run from 0 without a gap")
    func sequenceNumbers() throws {
        let image = try ImageDecoder.decodeFile(
            at: Corpus.packageRoot.appendingPathComponent("SamplePacks/Clean/wave.png").path)
        let png = try APNGEncoder.encode(image)
        let sequence = try PNGChunkWalker.chunks(of: png).filter { $0.type == "fcTL" || $0.type == "fdAT" }.map {
            Int(png.uint32BE(at: $0.data.lowerBound))
        }
        #expect(sequence == Array(0..<sequence.count))
    }

    /// The corpus's valid PNG and APNG files.
    static let corpusFiles = Corpus.rows.filter { ["png", "apng"].contains($0.format) && $0.verdict == "valid" }

    @Test(
        "Every valid corpus PNG and APNG: re-encoded, decodes to the same frames, delays and loop count",
        arguments: corpusFiles)
    func corpus(_ row: Corpus.Row) throws {
        // A file this decoder refuses on purpose (see CorpusTests: a palette index past the PLTE) has nothing
        // to re-encode.
        guard let image = try? ImageDecoder.decodeFile(at: Corpus.path(row.path)) else {
            #expect(row.path.hasSuffix("invalid_palette_index.png"), "\(row.path) no longer decodes")
            return
        }
        // The slow maximum level on the smaller files only; the rest at stored, fastest and the default.
        let small = image.width * image.height * image.frames.count <= 300_000
        for level in Self.levels where small || level != .max {
            let png = try APNGEncoder.encode(image, compression: level)
            _ = try Self.header(png)
            let back = try ImageDecoder.decode(png)
            #expect(back.frames.map(\.image) == image.frames.map(\.image), "\(row.path) at \(level)")
            if image.frames.count > 1 {
                #expect(back.loopCount == (image.loopCount ?? 0))
                #expect(back.delaysMs == image.delaysMs.map { min(65535, $0.rounded()) })
            }
        }
    }
}
