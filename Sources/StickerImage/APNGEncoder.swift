import CCodecs

/// Writes still images as PNG and animations as APNG, through libpng: 8-bit RGBA, or indexed with tRNS
/// when every frame together uses 256 colours or fewer (lossless either way).
public enum APNGEncoder {
    /// PNG for one frame, APNG for several. `compressionLevel` is zlib's, 0-9.
    public static func encode(_ image: DecodedImage, compressionLevel: Int = 6) throws(PNGEncoder.EncodeError)
        -> [UInt8]
    {
        let palette = ExactPalette(image.frames.map(\.image))
        guard image.frames.count > 1 else {
            return try PNGEncoder.encode(image.frames[0].image, palette: palette, compressionLevel: compressionLevel)
        }
        var out = FormatSniffer.pngSignature
        var sequence: UInt32 = 0
        var previous: RGBAImage?
        for (index, frame) in image.frames.enumerated() {
            // Only the rectangle that changed since the previous frame is stored; drawn with blend "source"
            // over a canvas left as it was (dispose "none"), the composite is exactly the frame.
            let rect =
                previous.map { changedRect(from: $0, to: frame.image) }
                ?? PixelRect(x: 0, y: 0, width: frame.image.width, height: frame.image.height)
            let crop = frame.image.cropped(to: rect)
            let png = try PNGEncoder.encode(crop, palette: palette, compressionLevel: compressionLevel)
            let chunks: [PNGChunk]
            do { chunks = try PNGChunkWalker.chunks(of: png) } catch {
                throw PNGEncoder.EncodeError(description: "libpng wrote an unreadable stream: \(error)")
            }
            if index == 0 {
                // IHDR and the palette chunks come from the first frame, then acTL before any image data.
                for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
                    out += png[chunk.offset..<(chunk.data.upperBound + 4)]
                    if chunk.type == "IHDR" {
                        var actl: [UInt8] = []
                        actl.appendUInt32BE(UInt32(image.frames.count))
                        actl.appendUInt32BE(UInt32(image.loopCount ?? 0))
                        out += PNGChunkWalker.encode(type: "acTL", data: actl[...])
                    }
                }
            }
            out += PNGChunkWalker.encode(type: "fcTL", data: frameControl(sequence, rect, delayMs: frame.delayMs)[...])
            sequence += 1
            for chunk in chunks where chunk.type == "IDAT" {
                if index == 0 {
                    out += PNGChunkWalker.encode(type: "IDAT", data: png[chunk.data])
                } else {
                    var data: [UInt8] = []
                    data.appendUInt32BE(sequence)
                    data += png[chunk.data]
                    out += PNGChunkWalker.encode(type: "fdAT", data: data[...])
                    sequence += 1
                }
            }
            previous = frame.image
        }
        out += PNGChunkWalker.encode(type: "IEND", data: [])
        return out
    }

    static func frameControl(_ sequence: UInt32, _ rect: PixelRect, delayMs: Double) -> [UInt8] {
        var data: [UInt8] = []
        data.appendUInt32BE(sequence)
        for value in [rect.width, rect.height, rect.x, rect.y] { data.appendUInt32BE(UInt32(value)) }
        // Delays in milliseconds as num/1000, which every delay a decoder reads back fits.
        let ms = UInt16(clamping: Int(delayMs.rounded()))
        data += [UInt8(ms >> 8), UInt8(ms & 0xFF), 0x03, 0xE8, 0, 0]  // dispose none, blend source
        return data
    }

    /// The smallest rectangle holding every pixel that differs; 1x1 when none does.
    static func changedRect(from a: RGBAImage, to b: RGBAImage) -> PixelRect {
        var minX = b.width
        var minY = b.height
        var maxX = -1
        var maxY = -1
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let wa = pa.bindMemory(to: UInt32.self)
                let wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<b.height {
                    let row = y * b.width
                    for x in 0..<b.width where wa[row + x] != wb[row + x] {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                    }
                }
            }
        }
        guard maxX >= 0 else { return PixelRect(x: 0, y: 0, width: 1, height: 1) }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

/// The distinct RGBA colours of a set of images, when there are 256 or fewer: a lossless palette.
struct ExactPalette {
    var colors: [UInt32] = []
    var index: [UInt32: UInt8] = [:]

    init?(_ images: [RGBAImage]) {
        for image in images {
            let full = image.pixels.withUnsafeBytes { raw -> Bool in
                for color in raw.bindMemory(to: UInt32.self) where index[color] == nil {
                    guard colors.count < 256 else { return true }
                    index[color] = UInt8(colors.count)
                    colors.append(color)
                }
                return false
            }
            if full { return nil }
        }
        // Opaque entries last, so tRNS (which lists alphas up to the last translucent entry) stays short.
        colors.sort { ($0 >> 24 == 255 ? 1 : 0, $0) < ($1 >> 24 == 255 ? 1 : 0, $1) }
        index = Dictionary(uniqueKeysWithValues: colors.enumerated().map { ($1, UInt8($0)) })
    }

    var rgba: [UInt8] { colors.flatMap { c in withUnsafeBytes(of: c.littleEndian) { Array($0) } } }

    func indices(of image: RGBAImage) -> [UInt8] {
        image.pixels.withUnsafeBytes { raw in raw.bindMemory(to: UInt32.self).map { index[$0] ?? 0 } }
    }
}

extension RGBAImage {
    func cropped(to rect: PixelRect) -> RGBAImage {
        if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        var out = [UInt8]()
        out.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * 4
            out += pixels[start..<(start + rect.width * 4)]
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: out)
    }
}
