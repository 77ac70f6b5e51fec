import Testing

@testable import StickerImage

/// Builds GIFs frame by frame: a two-colour global palette (0 red, 1 blue), uncompressed-style LZW (a clear
/// code before every index keeps the codes 3 bits wide), optional transparency and disposal.
enum GIFBuilder {
    struct Frame {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var index: UInt8
        var transparentIndex: UInt8?
        var disposal: UInt8

        init(
            x: Int = 0, y: Int = 0, width: Int, height: Int, index: UInt8 = 1, transparentIndex: UInt8? = nil,
            disposal: UInt8 = 0
        ) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
            (self.index, self.transparentIndex, self.disposal) = (index, transparentIndex, disposal)
        }
    }

    static func file(screen: (width: Int, height: Int), frames: [Frame]) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(screen.width) + le16(screen.height) + [0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
        for frame in frames {
            let flags = frame.disposal << 2 | (frame.transparentIndex == nil ? 0 : 1)
            out += [0x21, 0xF9, 4, flags, 10, 0, frame.transparentIndex ?? 0, 0]
            out += [0x2C] + le16(frame.x) + le16(frame.y) + le16(frame.width) + le16(frame.height) + [0]
            out += [2] + subBlocks(lzw(Array(repeating: frame.index, count: frame.width * frame.height)))
        }
        return out + [0x3B]
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// Code size 2: clear is 4, end is 5; clear before each index means no table entry is ever added.
    static func lzw(_ indices: [UInt8]) -> [UInt8] {
        var bits: [Bool] = []
        func code(_ value: Int) { for bit in 0..<3 { bits.append(value >> bit & 1 == 1) } }
        for index in indices {
            code(4)
            code(Int(index))
        }
        code(5)
        var bytes = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (i, bit) in bits.enumerated() where bit { bytes[i / 8] |= UInt8(1) << UInt8(i % 8) }
        return bytes
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for start in stride(from: 0, to: data.count, by: 255) {
            let block = data[start..<min(start + 255, data.count)]
            out += [UInt8(block.count)] + block
        }
        return out + [0]
    }
}

@Suite("GIF canvas and alpha, as browsers show them")
struct GIFCanvasTests {
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<(i + 4)])
    }

    @Test("A first frame larger than the logical screen grows the canvas to its right and bottom edges")
    func firstFrameGrowsCanvas() throws {
        let bytes = GIFBuilder.file(
            screen: (4, 4),
            frames: [
                .init(x: 2, y: 1, width: 8, height: 6),
                // A later, larger frame is clipped to the grown canvas, as in browsers.
                .init(x: 0, y: 0, width: 20, height: 20, index: 0),
            ])
        let image = try ImageDecoder.decode(bytes)
        #expect((image.width, image.height) == (10, 7))
        let first = image.frames[0].image
        #expect(Self.pixel(first, 9, 6) == [0, 0, 255, 255], "the frame's far corner is drawn, not clipped")
        #expect(Self.pixel(first, 2, 1) == [0, 0, 255, 255])
        #expect(Self.pixel(first, 0, 0) == [0, 0, 0, 0], "canvas outside the frame stays transparent")
        #expect(Self.pixel(image.frames[1].image, 9, 6) == [255, 0, 0, 255])
        #expect(image.frames[1].image.width == 10)
    }

    @Test("A first frame inside the screen keeps the screen's size; an empty screen grows to the first frame")
    func screenKeptOrGrownFromEmpty() throws {
        let inside = try ImageDecoder.decode(GIFBuilder.file(screen: (6, 5), frames: [.init(width: 3, height: 2)]))
        #expect((inside.width, inside.height) == (6, 5))
        let empty = try ImageDecoder.decode(GIFBuilder.file(screen: (0, 0), frames: [.init(width: 3, height: 2)]))
        #expect((empty.width, empty.height) == (3, 2))
        #expect(throws: DecodeError.self) {
            try ImageDecoder.decode(GIFBuilder.file(screen: (0, 0), frames: [.init(width: 0, height: 0)]))
        }
    }

    @Test("The grown canvas is held to the decode limits")
    func grownCanvasWithinLimits() {
        let bytes = GIFBuilder.file(screen: (2, 2), frames: [.init(x: 100, y: 0, width: 2, height: 2)])
        #expect(throws: DecodeError.limitExceeded("102x2 px is larger than the limit of 64x64 px")) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxWidth: 64, maxHeight: 64))
        }
    }

    @Test("Alpha describes what is shown: uncovered canvas, a transparent index or a clearing disposal")
    func alphaIsWhatIsShown() throws {
        func alpha(_ screen: (Int, Int), _ frames: [GIFBuilder.Frame]) throws -> Bool {
            try ImageDecoder.decode(GIFBuilder.file(screen: screen, frames: frames)).encoding.hasAlphaChannel
        }
        #expect(try alpha((4, 4), [.init(width: 4, height: 4)]) == false, "opaque frame over the whole screen")
        #expect(try alpha((4, 4), [.init(width: 2, height: 4)]) == true, "half the canvas is never drawn")
        #expect(try alpha((4, 4), [.init(width: 4, height: 4, transparentIndex: 1)]) == true)
        #expect(
            try alpha((4, 4), [.init(width: 4, height: 4, disposal: 2), .init(width: 2, height: 2)]) == true,
            "disposal 2 clears to transparent and the next frame covers only a corner")
    }
}
