/// RGBA8 to PNG bytes, written here chunk by chunk: the colour type reduced where it stays exact
/// (`PNGColorReducer`), each row's filter chosen (`PNGRowFilter`), the data deflated by libdeflate.
public enum PNGEncoder {
    /// A PNG that decodes to exactly `image`, invisible pixels' colours included.
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .fast) throws(EncodeError) -> [UInt8] {
        try encode(image, layout: PNGColorReducer.layout(for: [image]), compression: compression)
    }

    /// An 8-bit RGBA PNG whatever the pixels, for outputs promised as RGBA (`frames`).
    public static func encodeRGBA(_ image: RGBAImage, compression: PNGCompression = .fast) throws(EncodeError)
        -> [UInt8]
    {
        try encode(image, layout: .rgba, compression: compression)
    }

    /// A PNG without an alpha channel (the app icon images, the contact sheet): alpha is dropped, so flatten
    /// first.
    public static func encodeOpaque(_ image: RGBAImage, compression: PNGCompression = .fast) throws(EncodeError)
        -> [UInt8]
    {
        try encode(image, layout: PNGColorReducer.layout(for: [image], forceOpaque: true), compression: compression)
    }

    /// `image` in `layout` (which must hold its pixels); `strategies` overrides the filter choice; `chunks`
    /// (colour chunks kept from a source) are copied right after IHDR; `memo`: the caller's streams made before.
    static func encode(
        _ image: RGBAImage, layout: PNGPixelLayout, compression: PNGCompression,
        strategies: [PNGFilterStrategy]? = nil, chunks: [(type: String, data: [UInt8])] = [], memo: ZlibMemo? = nil
    ) throws(EncodeError) -> [UInt8] {
        try checkSize(image.width, image.height)
        var writer = PNGChunkWriter()
        writer.appendHeader(
            width: image.width, height: image.height, bitDepth: layout.bitDepth, colorType: layout.colorType)
        for chunk in chunks { writer.append(chunk.type, chunk.data) }
        for chunk in layout.auxiliaryChunks { writer.append(chunk.type, chunk.data) }
        let data = try PNGImageData.compress(
            image, rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height), layout: layout,
            compressor: DeflateCompressor(level: compression.level, memo: memo),
            triesEveryStrategy: compression.thorough, strategies: strategies)
        writer.append("IDAT", data)
        writer.append("IEND", [])
        return writer.bytes
    }

    /// PNG sizes are 1 to 2^31 - 1 pixels a side.
    static func checkSize(_ width: Int, _ height: Int) throws(EncodeError) {
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw EncodeError.invalidImage("PNG encoding failed: a \(width)x\(height) px image has no pixels to write")
        }
    }
}
