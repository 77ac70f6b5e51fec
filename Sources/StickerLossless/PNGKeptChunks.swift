import StickerImage
import StickerSupport

/// Which chunks of a PNG survive the lossless step. The pixels are all our decoder reads; of the rest, the
/// colour chunks (iCCP, sRGB, gAMA, cHRM, cICP and the HDR ones) change how a viewer shows them, so they are
/// copied byte for byte, and eXIf is kept when it turns the image. Everything else (text, times, physical
/// size, background colour, private chunks) does not change what is shown and is dropped.
enum PNGKeptChunks {
    static let colorChunks: Set<String> = ["iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCV", "cLLI", "mDCv", "cLLi"]
    /// Chunks the encoder writes itself from the pixels and the timeline.
    static let structural: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "acTL", "fcTL", "fdAT"]

    /// The chunks to copy, in file order, and how many are dropped.
    static func select(_ bytes: [UInt8]) throws(DecodeError) -> (kept: [(type: String, data: [UInt8])], dropped: Int) {
        var kept: [(type: String, data: [UInt8])] = []
        var dropped = 0
        for chunk in try PNGChunkWalker.chunks(of: bytes) where !structural.contains(chunk.type) {
            let data = Array(bytes[chunk.data])
            if colorChunks.contains(chunk.type) || (chunk.type == "eXIf" && turns(data)) {
                kept.append((chunk.type, data))
            } else {
                dropped += 1
            }
        }
        return (kept, dropped)
    }

    /// The source with only the kept chunks besides the structural ones: the image data as it was.
    static func stripped(_ bytes: [UInt8]) throws(DecodeError) -> [UInt8] {
        var out = FormatSniffer.pngSignature
        for chunk in try PNGChunkWalker.chunks(of: bytes) {
            let data = bytes[chunk.data]
            let keep =
                structural.contains(chunk.type) || colorChunks.contains(chunk.type)
                || (chunk.type == "eXIf" && turns(Array(data)))
            if keep { out += bytes[chunk.offset..<(chunk.data.upperBound + 4)] }
        }
        return out
    }

    private static func turns(_ exif: [UInt8]) -> Bool {
        (EXIFReader.orientation(exif) ?? 1) != 1
    }
}
