/// Writes a PNG stream chunk by chunk: the signature first, then each chunk as length, type, data and the
/// CRC-32 of type and data (libdeflate's). Knows nothing of pixels.
public struct PNGChunkWriter {
    public private(set) var bytes: [UInt8] = FormatSniffer.pngSignature

    public init() {}

    /// A chunk whose data is `data`; `type` is four ASCII letters.
    public mutating func append(_ type: String, _ data: [UInt8]) {
        data.withUnsafeBytes { append(type, sequence: nil, $0) }
    }

    /// A chunk whose data is `sequence` (big-endian, when given; fdAT's) followed by `data`, copied once.
    mutating func append(_ type: String, sequence: UInt32?, _ data: UnsafeRawBufferPointer) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type is four letters")
        let start = bytes.count
        bytes.reserveCapacity(start + data.count + 16)
        bytes.appendUInt32BE(UInt32(data.count + (sequence == nil ? 0 : 4)))
        bytes += typeBytes
        if let sequence { bytes.appendUInt32BE(sequence) }
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBytes { all in
            DeflateCRC32.update(0, UnsafeRawBufferPointer(rebasing: all[(start + 4)...]))
        }
        bytes.appendUInt32BE(crc)
    }

    /// A chunk of another stream copied as it is (length, type, data and CRC), already checked.
    mutating func append(copied chunk: ArraySlice<UInt8>) {
        bytes += chunk
    }

    /// IHDR: size, bit depth, colour type; deflate, adaptive filtering, no interlace.
    public mutating func appendHeader(width: Int, height: Int, bitDepth: Int, colorType: PNGColorType) {
        var data: [UInt8] = []
        data.appendUInt32BE(UInt32(width))
        data.appendUInt32BE(UInt32(height))
        data += [UInt8(bitDepth), colorType.rawValue, 0, 0, 0]
        append("IHDR", data)
    }
}

/// The colour types of the PNG specification (section 11.2.2).
public enum PNGColorType: UInt8, Sendable, CaseIterable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    var channels: Int {
        switch self {
        case .grey, .palette: return 1
        case .greyAlpha: return 2
        case .rgb: return 3
        case .rgba: return 4
        }
    }
}
