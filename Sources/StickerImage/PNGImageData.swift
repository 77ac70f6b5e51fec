/// The compressed image data of one PNG image or APNG frame: pixels packed by the layout, each row
/// filtered, the whole deflated by libdeflate. Small images, and every image at the maximum level, try each
/// filter strategy and keep the smallest stream.
enum PNGImageData {
    /// Raw image data (packed rows) up to this size counts as small: trying all six strategies costs
    /// little there, and the choice matters most.
    static let smallImageBytes = 32 * 1024

    /// The zlib stream of `rect` of `image`. `strategies`, when given, are the ones tried.
    static func compress(
        _ image: RGBAImage, rect: PixelRect, layout: PNGPixelLayout, compressor: DeflateCompressor,
        triesEveryStrategy: Bool, strategies given: [PNGFilterStrategy]? = nil
    ) throws(EncodeError) -> [UInt8] {
        let rowBytes = layout.rowBytes(width: rect.width)
        var rows = [UInt8](repeating: 0, count: rowBytes * rect.height)
        image.pixels.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self).baseAddress!
            rows.withUnsafeMutableBufferPointer { out in
                for y in 0..<rect.height {
                    layout.pack(
                        pixels + (rect.y + y) * image.width + rect.x, count: rect.width,
                        into: out.baseAddress! + y * rowBytes)
                }
            }
        }
        let tryAll = triesEveryStrategy || rows.count <= smallImageBytes
        // libpng's rule: palettes and sub-byte pixels compress best unfiltered.
        let automatic: [PNGFilterStrategy] =
            tryAll
            ? PNGFilterStrategy.all
            : [layout.colorType == .palette || layout.bitDepth < 8 ? .fixed(.none) : .minimumSumOfAbsoluteDifferences]
        let strategies = given ?? automatic
        var best: [UInt8]? = nil
        for strategy in strategies {
            let filtered = rows.withUnsafeBytes {
                PNGRowFilter.filter(
                    $0, rowBytes: rowBytes, height: rect.height, bytesPerPixel: layout.filterDistance,
                    strategy: strategy)
            }
            let stream = try filtered.withUnsafeBytes { data in
                Result { () throws(EncodeError) in try compressor.zlib(data) }
            }.get()
            if best == nil || stream.count < best!.count { best = stream }
        }
        return best!
    }
}
