/// One `fcTL`: where a frame goes, how long it shows, and what happens to the canvas after it.
struct APNGFrameControl {
    enum Dispose: UInt8 {
        case none = 0
        case background = 1
        case previous = 2
    }
    enum Blend: UInt8 {
        case source = 0
        case over = 1
    }

    let rect: PixelRect
    let delayMs: Double
    let dispose: Dispose
    let blend: Blend

    init(_ data: ArraySlice<UInt8>, canvasWidth: Int, canvasHeight: Int, index: Int) throws(DecodeError) {
        let bytes = Array(data)
        guard bytes.count == 26 else {
            throw .malformed("malformed APNG: fcTL of frame \(index) is \(bytes.count) bytes, not 26")
        }
        let width = Int(bytes.uint32BE(at: 4))
        let height = Int(bytes.uint32BE(at: 8))
        let x = Int(bytes.uint32BE(at: 12))
        let y = Int(bytes.uint32BE(at: 16))
        guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
            throw .malformed(
                "malformed APNG: frame \(index) (\(width)x\(height) at \(x),\(y)) lies outside the "
                    + "\(canvasWidth)x\(canvasHeight) canvas"
            )
        }
        let numerator = Double(bytes.uint16BE(at: 20))
        let denominator = Double(bytes.uint16BE(at: 22))
        // A zero denominator means hundredths of a second.
        delayMs = numerator * 1000 / (denominator == 0 ? 100 : denominator)
        guard let dispose = Dispose(rawValue: bytes[24]), let blend = Blend(rawValue: bytes[25]) else {
            throw .malformed(
                "malformed APNG: frame \(index) has an unknown dispose_op \(bytes[24]) or blend_op \(bytes[25])")
        }
        rect = PixelRect(x: x, y: y, width: width, height: height)
        self.dispose = dispose
        self.blend = blend
    }
}

/// The animation of an APNG as its chunks describe it, checked against the spec: sequence numbers, frame
/// count and bounds. Holds byte ranges, not pixels.
struct APNGStructure {
    /// Broken animation metadata for which the spec says to show the default image as a still.
    struct StillFallback: Error { let reason: String }

    struct Frame {
        let control: APNGFrameControl
        var data: [Range<Int>]
    }

    let frames: [Frame]
    /// `num_plays`: 0 loops forever.
    let plays: Int

    /// nil for a PNG with no animation chunks at all.
    static func parse(chunks: [PNGChunk], bytes: [UInt8], header: PNGHeader, limits: DecodeLimits) throws
        -> APNGStructure?
    {
        let firstData = chunks.firstIndex { $0.type == "IDAT" } ?? chunks.count
        let controls = chunks.indices.filter { chunks[$0].type == "acTL" }
        guard let controlIndex = controls.first else {
            if chunks.contains(where: { $0.type == "fcTL" || $0.type == "fdAT" }) {
                throw StillFallback(
                    reason: "APNG frames without an acTL chunk are ignored: the file shows as a still image")
            }
            return nil
        }
        guard controlIndex < firstData else {
            throw StillFallback(reason: "the acTL chunk comes after the image data, so the file shows as a still image")
        }
        guard controls.count == 1 else {
            throw StillFallback(reason: "the file has \(controls.count) acTL chunks, so it shows as a still image")
        }
        let control = chunks[controlIndex]
        guard control.data.count == 8 else {
            throw DecodeError.malformed("malformed APNG: acTL is \(control.data.count) bytes, not 8")
        }
        let declared = Int(bytes.uint32BE(at: control.data.lowerBound))
        let plays = Int(bytes.uint32BE(at: control.data.lowerBound + 4))
        guard declared > 0 else {
            throw StillFallback(reason: "acTL declares 0 frames, so the file shows as a still image")
        }
        guard declared <= 0x7FFF_FFFF else {
            throw StillFallback(
                reason: "acTL declares an invalid frame count (\(declared)), so the file shows as a still image")
        }
        // From the header alone, before any frame is decoded.
        try limits.checkFrames(count: declared, width: header.width, height: header.height)

        let frames = try collectFrames(chunks[1...], bytes: bytes, header: header)
        if frames.count < declared {
            throw DecodeError.malformed(
                "malformed APNG: acTL declares \(declared) frames but the file has \(frames.count)")
        }
        if frames.count > declared {
            throw StillFallback(
                reason:
                    "the file has \(frames.count) frames but acTL declares \(declared), so it shows as a still image")
        }
        return APNGStructure(frames: frames, plays: plays)
    }

    /// fcTL and fdAT in order, with sequence numbers 0, 1, 2, ... across both.
    private static func collectFrames(_ chunks: ArraySlice<PNGChunk>, bytes: [UInt8], header: PNGHeader)
        throws(DecodeError) -> [Frame]
    {
        var frames: [Frame] = []
        var current: (frame: Frame, isDefaultImage: Bool)?
        var sequence = 0
        var seenImageData = false

        func checkSequence(_ chunk: PNGChunk) throws(DecodeError) {
            guard chunk.data.count >= 4 else {
                throw .malformed("malformed APNG: \(chunk.type) at byte \(chunk.offset) is too short")
            }
            let found = Int(bytes.uint32BE(at: chunk.data.lowerBound))
            guard found == sequence else {
                throw .malformed(
                    "malformed APNG: \(chunk.type) at byte \(chunk.offset) has sequence number \(found), expected "
                        + "\(sequence)"
                )
            }
            sequence += 1
        }
        func finishFrame() throws(DecodeError) {
            guard let done = current else { return }
            guard !done.frame.data.isEmpty else {
                throw .malformed("malformed APNG: frame \(frames.count) has an fcTL but no image data")
            }
            frames.append(done.frame)
        }

        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                try checkSequence(chunk)
                try finishFrame()
                let control = try APNGFrameControl(
                    bytes[(chunk.data.lowerBound)..<chunk.data.upperBound],
                    canvasWidth: header.width, canvasHeight: header.height, index: frames.count)
                let isDefault = !seenImageData
                if isDefault && control.rect != PixelRect(x: 0, y: 0, width: header.width, height: header.height) {
                    throw .malformed(
                        "malformed APNG: the first frame must cover the whole \(header.width)x\(header.height) canvas")
                }
                current = (Frame(control: control, data: []), isDefault)
            case "IDAT":
                seenImageData = true
                if current?.isDefaultImage == true { current?.frame.data.append(chunk.data) }
            case "fdAT":
                try checkSequence(chunk)
                guard let open = current, !open.isDefaultImage else {
                    throw .malformed("malformed APNG: fdAT at byte \(chunk.offset) belongs to no fcTL")
                }
                current?.frame.data.append((chunk.data.lowerBound + 4)..<chunk.data.upperBound)
            default:
                continue
            }
        }
        try finishFrame()
        return frames
    }
}
