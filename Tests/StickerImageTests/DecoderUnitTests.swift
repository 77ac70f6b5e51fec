import Foundation
import StickerSupport
import TestSupport
import Testing

@testable import StickerImage

/// Builds small PNG streams chunk by chunk, for headers no corpus file has.
enum PNGBuilder {
    static func ihdr(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6) -> [UInt8] {
        var data: [UInt8] = []
        data.appendUInt32BE(width)
        data.appendUInt32BE(height)
        data += [depth, colorType, 0, 0, 0]
        return chunk("IHDR", data[...])
    }

    /// A chunk as bytes: length, type, data and its CRC, framed by `PNGChunkWriter` (without the signature).
    static func chunk(_ type: String, _ data: ArraySlice<UInt8>) -> [UInt8] {
        var writer = PNGChunkWriter()
        data.withUnsafeBytes { writer.append(type, sequence: nil, $0) }
        return Array(writer.bytes.dropFirst(FormatSniffer.pngSignature.count))
    }

    static func file(_ chunks: [[UInt8]]) -> [UInt8] {
        FormatSniffer.pngSignature + chunks.joined() + chunk("IEND", [])
    }
}

@Suite("Sniffing by content")
struct SnifferTests {
    @Test(
        "Recognised formats by magic bytes",
        arguments: [
            ("pngsuite/pngsuite/basn0g01.png", ImageFormat.png),
            ("apng/pillow-apng/delay.png", .apng),
            ("image-gif-tests/samples/2x2.gif", .gif),
            ("libjpeg-turbo-testimages/testorig.jpg", .jpeg),
        ])
    func recognises(_ path: String, _ format: ImageFormat) throws {
        let bytes = try FileBytes.read(Corpus.path(path), limit: 1 << 24)
        #expect(try FormatSniffer.sniff(bytes) == format)
    }

    @Test(
        "Unsupported data says what it looks like",
        arguments: [
            (Array("RIFF\0\0\0\0WEBPVP8L".utf8), "WebP"),
            (Array("\0\0\0\u{18}ftypheic\0\0\0\0".utf8), "HEIC"),
            (Array("BM\u{36}\0\0\0\0\0".utf8), "BMP"),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], "TIFF"),
            ([], "empty file"),
            (Array("hello, world\n".utf8), "text file"),
        ] as [([UInt8], String)])
    func describesUnsupported(_ bytes: [UInt8], _ expected: String) {
        #expect(throws: DecodeError.self) { try FormatSniffer.sniff(bytes) }
        do {
            _ = try FormatSniffer.sniff(bytes)
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.kind == "unsupported-format")
        }
    }
}

@Suite("Decode limits are checked from the header, before allocation")
struct LimitTests {
    @Test("A PNG header claiming 100000x100000 px is refused at once")
    func pngDimensionBomb() {
        let bytes = PNGBuilder.file([
            PNGBuilder.ihdr(width: 100_000, height: 100_000),
            PNGBuilder.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
        ])
        #expect(throws: DecodeError.self) { try ImageDecoder.decode(bytes) }
        do { _ = try ImageDecoder.decode(bytes) } catch { #expect(error.kind == "limit-exceeded", "\(error)") }
    }

    @Test("An APNG header declaring a million frames is refused before any frame is decoded")
    func millionFrameAPNG() throws {
        var actl: [UInt8] = []
        actl.appendUInt32BE(1_000_000)
        actl.appendUInt32BE(0)
        let real = try FileBytes.read(Corpus.path("pngsuite/pngsuite/basn6a08.png"), limit: 1 << 20)
        let chunks = try PNGChunkWalker.chunks(of: real)
        let rest = chunks.dropFirst().filter { $0.type != "IEND" }.map {
            Array(real[$0.offset..<($0.data.upperBound + 4)])
        }
        let bytes = PNGBuilder.file(
            [
                Array(real[chunks[0].offset..<(chunks[0].data.upperBound + 4)]),
                PNGBuilder.chunk("acTL", actl[...]),
            ] + rest)
        #expect(try FormatSniffer.sniff(bytes) == .apng)
        do {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("decoded a million-frame header")
        } catch {
            #expect(error.kind == "limit-exceeded", "\(error)")
        }
    }

    @Test("Smaller limits are honoured: a 32x32 image with a 16 px limit fails")
    func configurableLimits() throws {
        let path = Corpus.path("pngsuite/pngsuite/basn6a08.png")
        #expect(throws: DecodeError.self) {
            try ImageDecoder.decodeFile(at: path, limits: DecodeLimits(maxWidth: 16, maxHeight: 16))
        }
        let gif = Corpus.path("image-gif-tests/samples/moon_impact.gif")
        #expect(throws: DecodeError.self) { try ImageDecoder.decodeFile(at: gif, limits: DecodeLimits(maxFrames: 3)) }
        let jpeg = Corpus.path("libjpeg-turbo-testimages/testorig.jpg")
        #expect(throws: DecodeError.self) {
            try ImageDecoder.decodeFile(at: jpeg, limits: DecodeLimits(maxPixels: 1000))
        }
        #expect(throws: DecodeError.self) {
            try ImageDecoder.decodeFile(at: path, limits: DecodeLimits(maxFileBytes: 100))
        }
    }

    @Test("A GIF decompression bomb ends in an error or within the limits")
    func gifBomb() {
        for name in ["decompression_bomb.gif", "decompression_bomb_extents.gif"] {
            if let image = try? ImageDecoder.decodeFile(at: Corpus.path("pillow-tests/gif/" + name)) {
                #expect(image.frames.count * image.width * image.height * 4 <= DecodeLimits.default.maxTotalBytes)
            }
        }
    }
}

@Suite("Format details")
struct FormatDetailTests {
    @Test("EXIF orientation is read and reported", arguments: 2...8)
    func exifOrientation(_ orientation: Int) throws {
        let image = try ImageDecoder.decodeFile(
            at: Corpus.path("pillow-tests/jpeg/hopper_orientation_\(orientation).jpg"))
        #expect(image.encoding.exifOrientation == orientation)
    }

    @Test("12-bit JPEG is refused as not supported, by name")
    func twelveBitJPEG() {
        do {
            _ = try ImageDecoder.decodeFile(at: Corpus.path("libjpeg-turbo-testimages/monkey12.jpg"))
            Issue.record("a 12-bit JPEG decoded")
        } catch {
            #expect(error.kind == "unsupported-feature")
            #expect(error.description.contains("12-bit"))
        }
    }

    @Test("CMYK (Adobe) JPEG decodes to plausible RGB, close to its RGB twin")
    func cmykJPEG() throws {
        let cmyk = try ImageDecoder.decodeFile(at: Corpus.path("pillow-tests/jpeg/pil_sample_cmyk.jpg"))
        let rgb = try ImageDecoder.decodeFile(at: Corpus.path("pillow-tests/jpeg/pil_sample_rgb.jpg"))
        #expect(cmyk.encoding.colorType == .cmyk || cmyk.encoding.colorType == .ycck)
        #expect((cmyk.width, cmyk.height) == (rgb.width, rgb.height))
        let a = cmyk.frames[0].image.pixels
        let b = rgb.frames[0].image.pixels
        let meanDifference = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / a.count
        #expect(meanDifference < 24, "mean channel difference \(meanDifference)")
    }

    @Test("16-bit PNG samples are scaled to 8 bits with rounding")
    func sixteenBit() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("pngsuite/pngsuite/basn6a16.png"))
        #expect(image.encoding.bitDepth == 16)
        #expect(image.encoding.colorType == .rgba)
        #expect(image.frames[0].image.transparentPixelCount > 0)
    }

    @Test("tRNS makes a palette PNG transparent")
    func paletteTransparency() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("pngsuite/pngsuite/tbbn3p08.png"))
        #expect(image.encoding.hasAlphaChannel)
        #expect(image.frames[0].image.transparentPixelCount > 0)
    }

    @Test("Interlaced and plain PNG decode to the same pixels")
    func interlacedPNG() throws {
        let plain = try ImageDecoder.decodeFile(at: Corpus.path("pngsuite/pngsuite/basn6a08.png"))
        let interlaced = try ImageDecoder.decodeFile(at: Corpus.path("pngsuite/pngsuite/basi6a08.png"))
        #expect(interlaced.encoding.interlaced)
        #expect(plain.frames[0].image == interlaced.frames[0].image)
    }

    @Test("Interlaced and plain GIF decode to the same pixels")
    func interlacedGIF() throws {
        let plain = try ImageDecoder.decodeFile(at: Corpus.path("go-image-testdata/image-testdata/video-001.gif"))
        let interlaced = try ImageDecoder.decodeFile(
            at: Corpus.path("go-image-testdata/image-testdata/video-001.interlaced.gif"))
        #expect(plain.frames[0].image == interlaced.frames[0].image)
    }

    @Test("GIF interlaced rows come in the four-pass order")
    func gifRowOrder() {
        #expect(GIFDecoder.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
        #expect(GIFDecoder.rowOrder(height: 3, interlaced: false) == [0, 1, 2])
    }

    @Test("APNG delays: delay_den 0 means hundredths, and num_plays is the loop count")
    func apngTiming() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("apng/pillow-apng/delay_zero_denom.png"))
        #expect(image.delaysMs.allSatisfy { $0 > 0 })
        let plays = try ImageDecoder.decodeFile(at: Corpus.path("apng/pillow-apng/num_plays_1.png"))
        #expect(plays.loopCount == 1)
    }

    @Test("A broken APNG shown as its still image carries a warning")
    func apngFallbackWarns() throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.path("apng/pillow-apng/chunk_multi_actl.png"))
        #expect(image.frames.count == 1)
        #expect(image.warnings.contains { $0.contains("acTL") })
    }

    @Test(
        "The header probe matches the full decode",
        arguments: [
            "pngsuite/pngsuite/basn6a08.png", "apng/pillow-apng/delay.png", "image-gif-tests/samples/moon_impact.gif",
            "libjpeg-turbo-testimages/testimgint.jpg", "pillow-tests/jpeg/pil_sample_cmyk.jpg",
        ])
    func probeMatchesDecode(_ path: String) throws {
        let bytes = try FileBytes.read(Corpus.path(path), limit: 1 << 24)
        let probe = try ImageProbe.probe(bytes)
        let image = try ImageDecoder.decode(bytes)
        #expect(probe.format == image.format)
        #expect((probe.width, probe.height) == (image.width, image.height))
        if let frames = probe.declaredFrames { #expect(frames == image.frames.count) }
    }
}

@Suite("Compositing")
struct CompositorTests {
    @Test("Over: half-transparent red over opaque blue gives purple, opaque")
    func blendOver() {
        var canvas = RGBAImage(width: 1, height: 1, pixels: [0, 0, 255, 255])
        Compositor.draw(RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 128]), at: 0, 0, on: &canvas, blend: .over)
        #expect(canvas.pixels == [128, 0, 127, 255])
    }

    @Test("Over onto transparent keeps the source exactly; source replaces; clear empties a rectangle")
    func sourceAndClear() {
        var canvas = RGBAImage(width: 2, height: 1)
        Compositor.draw(RGBAImage(width: 1, height: 1, pixels: [10, 20, 30, 40]), at: 1, 0, on: &canvas, blend: .over)
        #expect(canvas.pixels == [0, 0, 0, 0, 10, 20, 30, 40])
        Compositor.draw(RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 0]), at: 1, 0, on: &canvas, blend: .source)
        #expect(canvas.pixels == [0, 0, 0, 0, 1, 2, 3, 0])
        var full = RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
        Compositor.clear(PixelRect(x: 1, y: 1, width: 5, height: 5), on: &full)
        #expect(full.pixels[12..<16] == [0, 0, 0, 0])
        #expect(full.transparentPixelCount == 1)
    }

    @Test("Frames partly outside the canvas are clipped, not a crash")
    func clipping() {
        var canvas = RGBAImage(width: 2, height: 2)
        let frame = RGBAImage(width: 3, height: 3, pixels: [UInt8](repeating: 255, count: 36))
        Compositor.draw(frame, at: -2, 1, on: &canvas, blend: .source)
        #expect(canvas.transparentPixelCount == 3)
    }
}
