/// PNG and APNG files: the chunk structure checked here, pixels through libpng, APNG frames composited.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits, buffers: PixelBuffers) throws(DecodeError)
        -> DecodedImage
    {
        let chunks = try PNGChunkWalker.chunks(of: bytes)
        try checkOrder(chunks)
        let header = try PNGHeader(chunks: chunks, bytes: bytes)
        try limits.checkCanvas(width: header.width, height: header.height)

        let format: ImageFormat = PNGChunkWalker.hasAnimationControlBeforeImageData(bytes) ? .apng : .png
        var warnings: [String] = []
        let animation: APNGStructure?
        do {
            animation = try APNGStructure.parse(chunks: chunks, bytes: bytes, header: header, limits: limits)
        } catch let fallback as APNGStructure.StillFallback {
            // The spec's rule for broken animation metadata: show the default image, and say so.
            warnings.append(fallback.reason)
            animation = nil
        } catch let error as DecodeError {
            throw error
        } catch {
            throw .malformed("\(error)")
        }

        if let animation {
            var decoded = try APNGCompositor.decode(
                animation, chunks: chunks, bytes: bytes, header: header, limits: limits, buffers: buffers)
            decoded.warnings = warnings + decoded.warnings
            return decoded
        }
        let (image, info) = try PNGStreamDecoder.decode(bytes, limits: limits, buffers: buffers)
        return DecodedImage(
            format: format, width: image.width, height: image.height,
            frames: [AnimationFrame(image: image, delayMs: 0)], loopCount: nil,
            encoding: info.encoding, warnings: warnings + info.warnings)
    }

    /// IHDR first, IDATs present and consecutive: libpng accepts some of these silently, so they are checked here.
    static func checkOrder(_ chunks: [PNGChunk]) throws(DecodeError) {
        guard chunks.first?.type == "IHDR" else { throw .malformed("malformed PNG: the first chunk is not IHDR") }
        guard let first = chunks.firstIndex(where: { $0.type == "IDAT" }) else {
            throw .malformed("malformed PNG: no IDAT chunk (the file has no image data)")
        }
        let last = chunks.lastIndex(where: { $0.type == "IDAT" }) ?? first
        if chunks[first...last].contains(where: { $0.type != "IDAT" }) {
            throw .malformed("malformed PNG: IDAT chunks are not consecutive")
        }
        for chunk in chunks where chunk.isCritical && !["IHDR", "PLTE", "IDAT", "IEND"].contains(chunk.type) {
            throw .malformed("malformed PNG: unknown critical chunk \(chunk.type)")
        }
    }
}

/// The IHDR fields the APNG code needs, and the chunks that every frame's stream repeats.
struct PNGHeader {
    let width: Int
    let height: Int
    let ihdr: [UInt8]  // the 13 data bytes
    let sharedChunks: [PNGChunk]  // PLTE, tRNS, gAMA, ... : everything before the first IDAT but IHDR, acTL, fcTL

    init(chunks: [PNGChunk], bytes: [UInt8]) throws(DecodeError) {
        let ihdrChunk = chunks[0]
        guard ihdrChunk.data.count == 13 else {
            throw .malformed("malformed PNG: IHDR is \(ihdrChunk.data.count) bytes, not 13")
        }
        ihdr = Array(bytes[ihdrChunk.data])
        width = Int(ihdr.uint32BE(at: 0))
        height = Int(ihdr.uint32BE(at: 4))
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .malformed("malformed PNG: IHDR gives an invalid size \(width)x\(height)")
        }
        let firstData = chunks.firstIndex { $0.type == "IDAT" } ?? chunks.count
        sharedChunks = chunks[1..<firstData].filter { !["acTL", "fcTL", "IHDR"].contains($0.type) }
    }

    /// A complete PNG stream for one frame: this header resized, the shared chunks, the frame's data as IDAT.
    func stream(width: Int, height: Int, imageData: [ArraySlice<UInt8>], bytes: [UInt8]) -> [UInt8] {
        var writer = PNGChunkWriter()
        var header: [UInt8] = []
        header.appendUInt32BE(UInt32(width))
        header.appendUInt32BE(UInt32(height))
        writer.append("IHDR", header + ihdr[8...])
        for chunk in sharedChunks { writer.append(copied: bytes[chunk.offset..<(chunk.data.upperBound + 4)]) }
        for data in imageData { data.withUnsafeBytes { writer.append("IDAT", sequence: nil, $0) } }
        writer.append("IEND", [])
        return writer.bytes
    }
}
