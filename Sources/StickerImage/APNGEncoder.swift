/// Writes still images as PNG and animations as APNG, chunk by chunk (IHDR, acTL, fcTL, IDAT, fdAT): one
/// exact layout for every frame (`PNGColorReducer`), and each frame after the first stores only the
/// rectangle that changed, drawn with blend "source" over a canvas left as it was (dispose "none"), so the
/// composite is exactly the frame.
public enum APNGEncoder {
    /// PNG for one frame, APNG for several; delays and the loop count are kept.
    public static func encode(_ image: DecodedImage, compression: PNGCompression = .fast) throws(EncodeError)
        -> [UInt8]
    {
        let layout = PNGColorReducer.layout(for: image.frames.map(\.image))
        guard image.frames.count > 1 else {
            return try PNGEncoder.encode(image.frames[0].image, layout: layout, compression: compression)
        }
        try PNGEncoder.checkSize(image.width, image.height)
        var writer = PNGChunkWriter()
        writer.appendHeader(
            width: image.width, height: image.height, bitDepth: layout.bitDepth, colorType: layout.colorType)
        var actl: [UInt8] = []
        actl.appendUInt32BE(UInt32(image.frames.count))
        actl.appendUInt32BE(UInt32(image.loopCount ?? 0))
        writer.append("acTL", actl)
        for chunk in layout.auxiliaryChunks { writer.append(chunk.type, chunk.data) }
        let compressor = try DeflateCompressor(level: compression.level)
        var sequence: UInt32 = 0
        var previous: RGBAImage?
        for frame in image.frames {
            let rect =
                previous.map { changedRect(from: $0, to: frame.image) }
                ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
            writer.append("fcTL", frameControl(sequence, rect, delayMs: frame.delayMs))
            sequence += 1
            let data = try PNGImageData.compress(
                frame.image, rect: rect, layout: layout, compressor: compressor,
                triesEveryStrategy: compression.triesEveryFilterStrategy)
            if previous == nil {
                writer.append("IDAT", data)
            } else {
                data.withUnsafeBytes { writer.append("fdAT", sequence: sequence, $0) }
                sequence += 1
            }
            previous = frame.image
        }
        writer.append("IEND", [])
        return writer.bytes
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
