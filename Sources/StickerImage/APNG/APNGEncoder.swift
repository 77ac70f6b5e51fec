import StickerSupport

/// Writes still images as PNG and animations as APNG, chunk by chunk (IHDR, acTL, fcTL, IDAT, fdAT): one
/// exact layout for every frame (`PNGColorReducer`). Each frame after the first stores only the rectangle
/// that differs from the canvas it is drawn on, and `APNGFramePlanner` picks, per frame, the previous frame's
/// dispose op and this frame's blend op that store it in the fewest bytes; the composite is exactly the frame.
public enum APNGEncoder {
    /// PNG for one frame, APNG for several; delays and the loop count are kept.
    public static func encode(_ image: DecodedImage, compression: PNGCompression = .fast) throws(EncodeError)
        -> [UInt8]
    {
        try encodeReporting(image, compression: compression).bytes
    }

    /// What was written, for a report of the steps applied.
    package struct Written {
        package var bytes: [UInt8]
        package var layout: PNGPixelLayout
        /// Frames after the first stored as less than the whole canvas.
        package var croppedFrames = 0
        /// Frames drawn with blend "over" (unchanged pixels left transparent) or after a dispose other than none.
        package var blendedFrames = 0
        package var disposedFrames = 0
    }

    /// `chunks` (colour chunks, copied as they are) go right after IHDR.
    /// `triesClearColour`: an animation without a fully transparent pixel is also encoded with one added to its
    /// layout, for blend "over", and the smaller kept (false: only as it is, half the work). `threads`: how many
    /// frames are compressed at once (the same bytes for any number).
    package static func encodeReporting(
        _ image: DecodedImage, compression: PNGCompression, chunks: [(type: String, data: [UInt8])] = [],
        triesClearColour: Bool = true, threads: Int = 1
    ) throws(EncodeError) -> Written {
        let targets = image.frames.map(\.image)
        let layout = PNGColorReducer.layout(for: targets)
        guard image.frames.count > 1 else {
            let bytes = try PNGEncoder.encode(
                targets[0], layout: layout, compression: compression, chunks: chunks)
            return Written(bytes: bytes, layout: layout)
        }
        let holdsClear = targets.contains { frame in
            frame.pixels.withUnsafeBytes { $0.bindMemory(to: UInt32.self).contains(0) }
        }
        let plain = try encodeAnimation(
            image, layout: layout, allowsOver: holdsClear, compression: compression, chunks: chunks, threads: threads)
        guard !holdsClear, triesClearColour else { return plain }
        // Blend "over" needs a transparent colour the frames lack: try the layout with one added.
        let withClear = PNGColorReducer.layout(for: targets + [RGBAImage(width: 1, height: 1)])
        let over = try encodeAnimation(
            image, layout: withClear, allowsOver: true, compression: compression, chunks: chunks, threads: threads)
        return over.bytes.count < plain.bytes.count ? over : plain
    }

    private static func encodeAnimation(
        _ image: DecodedImage, layout: PNGPixelLayout, allowsOver: Bool, compression: PNGCompression,
        chunks: [(type: String, data: [UInt8])], threads: Int
    ) throws(EncodeError) -> Written {
        try PNGEncoder.checkSize(image.width, image.height)
        let planner = try APNGFramePlanner(
            layout: layout, allowsOver: allowsOver, trialLevel: compression.triesEveryFilterStrategy ? 6 : 1)
        let frames = try planner.plan(image.frames.map(\.image))
        let compressed = try imageData(of: frames, layout: layout, compression: compression, threads: threads)

        var writer = PNGChunkWriter()
        writer.appendHeader(
            width: image.width, height: image.height, bitDepth: layout.bitDepth, colorType: layout.colorType)
        for chunk in chunks { writer.append(chunk.type, chunk.data) }
        var actl: [UInt8] = []
        actl.appendUInt32BE(UInt32(image.frames.count))
        actl.appendUInt32BE(UInt32(image.loopCount ?? 0))
        writer.append("acTL", actl)
        for chunk in layout.auxiliaryChunks { writer.append(chunk.type, chunk.data) }
        var written = Written(bytes: [], layout: layout)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let control = frameControl(
                sequence, frame.rect, delayMs: image.frames[index].delayMs, dispose: frame.disposal,
                blendOver: frame.blendOver)
            writer.append("fcTL", control)
            sequence += 1
            let data = compressed[index]
            if index == 0 {
                writer.append("IDAT", data)
            } else {
                data.withUnsafeBytes { writer.append("fdAT", sequence: sequence, $0) }
                sequence += 1
                if frame.rect.width < image.width || frame.rect.height < image.height { written.croppedFrames += 1 }
                if frame.blendOver { written.blendedFrames += 1 }
            }
            if frame.disposal != .none && index < frames.count - 1 { written.disposedFrames += 1 }
        }
        writer.append("IEND", [])
        written.bytes = writer.bytes
        return written
    }

    /// Each planned frame's image data, `threads` frames at a time, each thread with its own compressor: at the
    /// strongest level this is most of an encoding's time, and frames are compressed on their own.
    private static func imageData(
        of frames: [APNGFramePlanner.Frame], layout: PNGPixelLayout, compression: PNGCompression, threads: Int
    ) throws(EncodeError) -> [[UInt8]] {
        let workers = ParallelWork.threadCount(frames.count, workers: threads)
        let compressors = try PerThread(
            (0..<workers).map { _ throws(EncodeError) in
                try DeflateCompressor(level: compression.level)
            })
        let slots = ParallelSlots<Result<[UInt8], EncodeError>>(count: frames.count)
        ParallelWork.forEach(frames.count, workers: workers) { worker, index in
            let frame = frames[index]
            slots.set(
                index,
                Result { () throws(EncodeError) in
                    try PNGImageData.compress(
                        frame.pixels, rect: PixelRect(x: 0, y: 0, width: frame.rect.width, height: frame.rect.height),
                        layout: layout, compressor: compressors.items[worker],
                        triesEveryStrategy: compression.triesEveryFilterStrategy,
                        bruteForce: layout.colorType != .palette)
                })
        }
        return try frames.indices.map { index throws(EncodeError) in try slots[index]!.get() }
    }

    /// One compressor per thread, handed to the threads that each use only their own.
    private final class PerThread: @unchecked Sendable {
        let items: [DeflateCompressor]
        init(_ items: [DeflateCompressor]) { self.items = items }
    }

    static func frameControl(
        _ sequence: UInt32, _ rect: PixelRect, delayMs: Double, dispose: FrameDisposal = .none,
        blendOver: Bool = false
    ) -> [UInt8] {
        var data: [UInt8] = []
        data.appendUInt32BE(sequence)
        for value in [rect.width, rect.height, rect.x, rect.y] { data.appendUInt32BE(UInt32(value)) }
        let delay = DelayFraction.stored(ms: delayMs)
        let disposeOp: UInt8
        switch dispose {
        case .none: disposeOp = 0
        case .background: disposeOp = 1
        case .previous: disposeOp = 2
        }
        data += [
            UInt8(delay.numerator >> 8), UInt8(delay.numerator & 0xFF), UInt8(delay.denominator >> 8),
            UInt8(delay.denominator & 0xFF), disposeOp, blendOver ? 1 : 0,
        ]
        return data
    }
}
