/// How pixels are stored in a PNG: colour type, bit depth, the palette or the transparent colour key, and
/// the packing of one row of RGBA pixels into scanline bytes. Every layout holds its pixels exactly.
public struct PNGPixelLayout: Sendable {
    public let colorType: PNGColorType
    public let bitDepth: Int
    /// RGBA entries (little-endian UInt32), for palette images.
    package let palette: ColorTable?
    /// For grey and RGB: the RGB (alpha bits zero) that tRNS marks transparent; only fully transparent
    /// pixels have it.
    package let transparentKey: UInt32?
    /// Set for layouts chosen with every pixel read as opaque: packing reads them so too.
    var alphaMask: UInt32 = 0

    static let rgba = PNGPixelLayout(colorType: .rgba, bitDepth: 8, palette: nil, transparentKey: nil)

    var bitsPerPixel: Int { colorType.channels * bitDepth }

    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// The distance the filters look back: whole pixels, or one byte below 8 bits a pixel.
    var filterDistance: Int { max(1, bitsPerPixel / 8) }

    /// PLTE and tRNS, as they come between IHDR and the image data.
    var auxiliaryChunks: [(type: String, data: [UInt8])] {
        if let palette {
            let colors = palette.colors
            var plte: [UInt8] = []
            plte.reserveCapacity(colors.count * 3)
            for c in colors { plte += [UInt8(c & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c >> 16 & 0xFF)] }
            // tRNS lists alphas up to the last translucent entry (the palette puts those first).
            let alphas = colors.map { UInt8($0 >> 24) }
            guard let last = alphas.lastIndex(where: { $0 != 255 }) else { return [("PLTE", plte)] }
            return [("PLTE", plte), ("tRNS", Array(alphas[...last]))]
        }
        guard let key = transparentKey else { return [] }
        var trns: [UInt8] = []
        let samples = colorType == .grey ? [key & 0xFF] : [key & 0xFF, key >> 8 & 0xFF, key >> 16 & 0xFF]
        for sample in samples {
            let value = sample / UInt32(255 / ((1 << bitDepth) - 1))
            trns += [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        return [("tRNS", trns)]
    }

    /// Packs `count` RGBA pixels into one scanline at `out` (`rowBytes(width: count)` bytes).
    func pack(_ pixels: UnsafePointer<UInt32>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        switch (colorType, bitDepth) {
        case (.rgba, _):
            UnsafeMutableRawPointer(out).copyMemory(from: pixels, byteCount: count * 4)
        case (.rgb, _):
            for x in 0..<count {
                let p = pixels[x]
                out[3 * x] = UInt8(truncatingIfNeeded: p)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: p >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: p >> 16)
            }
        case (.greyAlpha, _):
            for x in 0..<count {
                let p = pixels[x]
                out[2 * x] = UInt8(truncatingIfNeeded: p)
                out[2 * x + 1] = UInt8(truncatingIfNeeded: p >> 24)
            }
        case (.grey, 8):
            for x in 0..<count { out[x] = UInt8(truncatingIfNeeded: pixels[x]) }
        case (.grey, _):
            let step = UInt32(255 / ((1 << bitDepth) - 1))
            packBits(count: count, into: out) { (pixels[$0] & 0xFF) / step }
        case (.palette, _):
            let table = palette!
            let mask = alphaMask
            var previous = pixels[0] | mask
            var index = table.index(of: previous)
            if bitDepth == 8 {
                for x in 0..<count {
                    let p = pixels[x] | mask
                    if p != previous {
                        previous = p
                        index = table.index(of: p)
                    }
                    out[x] = index
                }
            } else {
                packBits(count: count, into: out) { x in
                    let p = pixels[x] | mask
                    if p != previous {
                        previous = p
                        index = table.index(of: p)
                    }
                    return UInt32(index)
                }
            }
        }
    }

    /// Samples of fewer than 8 bits, packed from the most significant bit, the row's last byte padded with 0.
    private func packBits(count: Int, into out: UnsafeMutablePointer<UInt8>, _ sample: (Int) -> UInt32) {
        out.update(repeating: 0, count: rowBytes(width: count))
        let perByte = 8 / bitDepth
        for x in 0..<count {
            let shift = 8 - bitDepth * (x % perByte + 1)
            out[x / perByte] |= UInt8(truncatingIfNeeded: sample(x) << shift)
        }
    }
}
