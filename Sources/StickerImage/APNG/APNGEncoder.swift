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
    /// frames are compressed at once (the same bytes for any number). `memo`: the caller's streams made before.
    package static func encodeReporting(
        _ image: DecodedImage, compression: PNGCompression, chunks: [(type: String, data: [UInt8])] = [],
        triesClearColour: Bool = true, threads: Int = 1, memo: ZlibMemo? = nil
    ) throws(EncodeError) -> Written {
        let targets = image.frames.map(\.image)
        let layout = PNGColorReducer.layout(for: targets)
        guard image.frames.count > 1 else {
            let bytes = try PNGEncoder.encode(
                targets[0], layout: layout, compression: compression, chunks: chunks, memo: memo)
            return Written(bytes: bytes, layout: layout)
        }
        let holdsClear = targets.contains { frame in
            frame.pixels.withUnsafeBytes { $0.bindMemory(to: UInt32.self).contains(0) }
        }
        let plain = try Planned(image, layout: layout, allowsOver: holdsClear, compression: compression, memo: memo)
        guard !holdsClear, triesClearColour else {
            return try plain.written(image, compression: compression, chunks: chunks, threads: threads)
        }
        // Blend "over" needs a transparent colour the frames lack: try the layout with one added.
        let withClear = PNGColorReducer.layout(for: targets + [RGBAImage(width: 1, height: 1)])
        let over = try Planned(image, layout: withClear, allowsOver: true, compression: compression, memo: memo)
        guard compression.thorough else {
            let both = try [plain, over].map { planned throws(EncodeError) in
                try planned.written(image, compression: compression, chunks: chunks, threads: threads)
            }
            return both[1].bytes.count < both[0].bytes.count ? both[1] : both[0]
        }
        return try smaller(of: [plain, over], image, compression: compression, chunks: chunks, threads: threads)
    }

    /// The smaller file of two plans at `compression`'s level (11 or 12, in practice). They are compared on every
    /// `sampleStride`th frame from the second, and on the first too when their layouts store pixels differently (a
    /// clear colour added to 16 colours makes 4-bit indices 8-bit); only the one kept has its other frames filtered
    /// and compressed: the slowest levels are most of an encoding's time, and a frame's filtering depends on its
    /// own pixels alone. The middle level does not judge them well (astronaut-pan's "over" was 2.7 % larger there,
    /// and 3.7 % smaller at level 12).
    private static func smaller(
        of plans: [Planned], _ image: DecodedImage, compression: PNGCompression,
        chunks: [(type: String, data: [UInt8])], threads: Int
    ) throws(EncodeError) -> Written {
        let (a, b) = (plans[0].layout, plans[1].layout)
        let firstDiffers = a.colorType != b.colorType || a.bitDepth != b.bitDepth
        let sample = (firstDiffers ? [0] : []) + Array(stride(from: 1, to: image.frames.count, by: Self.sampleStride))
        let sampled = try plans.map { planned throws(EncodeError) in
            try deflated(
                planned.judged(sample, threads: threads), level: compression.level, memo: planned.memo, threads: threads
            )
        }
        let sizes = zip(plans, sampled).map { planned, streams in
            let chunkBytes = planned.layout.auxiliaryChunks.reduce(0) { $0 + 12 + $1.data.count }
            return streams.reduce(chunkBytes) { $0 + $1.count }
        }
        let kept = sizes.indices.min { sizes[$0] < sizes[$1] }!
        let inSample = Set(sample)
        let rest = image.frames.indices.filter { !inSample.contains($0) }
        let others = try deflated(
            plans[kept].judged(rest, threads: threads), level: compression.level, memo: plans[kept].memo,
            threads: threads)
        let streams = zip(sample + rest, sampled[kept] + others).sorted { $0.0 < $1.0 }.map(\.1)
        return plans[kept].written(image, data: streams, chunks: chunks)
    }

    /// Every how many frames the two layouts of an opaque animation are compared at the final level.
    static let sampleStride = 4

    /// An animation's frames planned in one layout: each frame's rectangle, blend and dispose ops.
    private struct Planned {
        let layout: PNGPixelLayout
        let frames: [APNGFramePlanner.Frame]
        let memo: ZlibMemo?

        init(
            _ image: DecodedImage, layout: PNGPixelLayout, allowsOver: Bool, compression: PNGCompression,
            memo: ZlibMemo?
        ) throws(EncodeError) {
            try PNGEncoder.checkSize(image.width, image.height)
            self.layout = layout
            self.memo = memo
            let planner = try APNGFramePlanner(
                layout: layout, allowsOver: allowsOver,
                trial: DeflateCompressor(
                    level: compression.thorough ? 6 : 1, memo: memo))
            frames = try planner.plan(image.frames.map(\.image))
        }

        /// The file, each frame's image data compressed at `compression`.
        func written(
            _ image: DecodedImage, compression: PNGCompression, chunks: [(type: String, data: [UInt8])], threads: Int
        ) throws(EncodeError) -> Written {
            let (frames, layout) = (frames, layout)
            let data = try perFrame(frames.count, level: compression.level, memo: memo, threads: threads) {
                compressor, index throws(EncodeError) in
                try PNGImageData.compress(
                    frames[index].pixels, rect: frames[index].wholeRect, layout: layout, compressor: compressor,
                    triesEveryStrategy: compression.thorough, bruteForce: layout.colorType != .palette)
            }
            return written(image, data: data, chunks: chunks)
        }

        /// The filtered data of the frames at `indices`, in that order, as a level above the middle one compresses
        /// it (its filters chosen at the middle).
        func judged(_ indices: [Int], threads: Int) throws(EncodeError) -> [[UInt8]] {
            let (frames, layout) = (frames, layout)
            return try perFrame(indices.count, level: PNGImageData.middleLevel, memo: memo, threads: threads) {
                judge, n throws(EncodeError) in
                let frame = frames[indices[n]]
                return try PNGImageData.judged(
                    frame.pixels, rect: frame.wholeRect, layout: layout, judge: judge,
                    bruteForce: layout.colorType != .palette)
            }
        }

        /// The chunks of the file, each frame's image data given.
        func written(_ image: DecodedImage, data compressed: [[UInt8]], chunks: [(type: String, data: [UInt8])])
            -> Written
        {
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
    }

    /// Filtered frame data as zlib streams at `level`, `threads` frames at a time.
    private static func deflated(_ data: [[UInt8]], level: Int, memo: ZlibMemo?, threads: Int) throws(EncodeError)
        -> [[UInt8]]
    {
        try perFrame(data.count, level: level, memo: memo, threads: threads) { compressor, index throws(EncodeError) in
            try compressor.zlib(data[index])
        }
    }

    /// `body` of each of `count` frames, `threads` at a time, each thread with a compressor of its own at `level`:
    /// frames are compressed on their own, and at the slowest levels that is most of an encoding's time.
    private static func perFrame<T>(
        _ count: Int, level: Int, memo: ZlibMemo?, threads: Int,
        _ body: @Sendable (DeflateCompressor, Int) throws(EncodeError) -> T
    ) throws(EncodeError) -> [T] {
        let workers = ParallelWork.threadCount(count, workers: threads)
        let compressors = try PerThread(
            (0..<workers).map { _ throws(EncodeError) in try DeflateCompressor(level: level, memo: memo) })
        let slots = ParallelSlots<Result<T, EncodeError>>(count: count)
        ParallelWork.forEach(count, workers: workers) { worker, index in
            slots.set(index, Result { () throws(EncodeError) in try body(compressors.items[worker], index) })
        }
        return try (0..<count).map { index throws(EncodeError) in try slots[index]!.get() }
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
