import StickerImage
import StickerSupport

/// The lossless step of `fit` and the encoder of its lossy candidates.
///
/// `optimize` re-encodes a file in its own format at maximum effort and keeps the result only when it is
/// smaller and decodes to exactly what the input shows (the colour of alpha-0 pixels zeroed); every candidate
/// is decoded again and compared before it is returned, so a bug here costs bytes, never pixels.
public enum LosslessOptimizer {
    /// The smallest encoding in the file's own format that shows exactly what `fileBytes` shows (the colour of
    /// alpha-0 pixels zeroed). Returns the input unchanged with no steps when nothing is smaller: never larger.
    /// `decoded`: the file's image when the caller has decoded it already, so it is not decoded twice.
    public static func optimize(
        _ fileBytes: [UInt8], decoded given: DecodedImage? = nil, limits: DecodeLimits = .default
    ) throws(DecodeError) -> LosslessEncoding {
        let decoded: DecodedImage
        if let given { decoded = given } else { decoded = try ImageDecoder.decode(fileBytes, limits: limits) }
        let format = try FormatSniffer.sniff(fileBytes)
        let unchanged = LosslessEncoding(bytes: fileBytes, format: format, steps: [])
        // What a PNG or GIF stores: hidden colours zeroed, identical frames merged; also what it must show.
        let prepared = Prepared(
            decoded, representable: format == .gif ? Self.gifRepresentable : { DelayFraction.exact(ms: $0) != nil })
        // Each candidate with the image it must show: the file's own, or the prepared one when frames were merged.
        var candidates: [(encoding: LosslessEncoding, shows: DecodedImage)] = []
        switch format {
        case .jpeg:
            let transcoded = try JPEGTranscoder.transcode(fileBytes, limits: limits)
            var steps = ["optimised Huffman tables"]
            if transcoded.progressive { steps.append("progressive") }
            if transcoded.droppedMarkers > 0 { steps.insert(Self.count(transcoded.droppedMarkers, "marker"), at: 0) }
            candidates.append((LosslessEncoding(bytes: transcoded.bytes, format: .jpeg, steps: steps), decoded))
        case .png, .apng:
            let chunks = try PNGKeptChunks.select(fileBytes)
            if chunks.dropped > 0 {
                let stripped = try PNGKeptChunks.stripped(fileBytes)
                candidates.append(
                    (LosslessEncoding(bytes: stripped, format: format, steps: [Self.dropped(chunks.dropped)]), decoded))
            }
            do {
                let written = try APNGEncoder.encodeReporting(prepared.image, compression: .max, chunks: chunks.kept)
                var steps = chunks.dropped > 0 ? [Self.dropped(chunks.dropped)] : []
                steps += prepared.steps + Self.pngSteps(written, source: decoded.encoding)
                candidates.append(
                    (LosslessEncoding(bytes: written.bytes, format: prepared.format, steps: steps), prepared.image))
            } catch {
                // An image our encoder cannot hold keeps its own bytes (the answer is "nothing smaller"): the
                // lossless step never makes a file larger, and a caller's lossy encodings report their own failures.
            }
        case .gif:
            if let written = GIFEncoder.encodeExact(prepared.image) {
                let steps = prepared.steps + Self.gifSteps(written)
                candidates.append((LosslessEncoding(bytes: written.bytes, format: .gif, steps: steps), prepared.image))
            }
        }
        for candidate in candidates.sorted(by: { $0.encoding.bytes.count < $1.encoding.bytes.count })
        where candidate.encoding.bytes.count < fileBytes.count {
            if Self.shows(candidate.encoding.bytes, exactly: candidate.shows, limits: limits) {
                return candidate.encoding
            }
        }
        return unchanged
    }

    /// The smallest encoding of already-decoded (e.g. quantised) frames in `format` (.png/.apng or .gif) at maximum
    /// effort: palette when <= 256 colours, frame optimisation for animations. Used for every lossy candidate.
    /// The colour of alpha-0 pixels is zeroed and identical consecutive frames merged; a GIF's alpha is cut at
    /// 128, and more than 256 colours are written with a local table a frame when each frame stores at most 256, else
    /// quantised to one shared palette. `effort`: libdeflate's level for PNG; one that is not `thorough` is faster,
    /// for PNG (fewer filter strategies, no clear colour added to an opaque animation for blend "over") and GIF (one
    /// LZW table policy).
    /// `gifLossy` is GIF's lossy LZW budget (`GIFEncoder.encode`'s `lossy`; 0 is exact). `threads`: how many APNG
    /// frames are compressed at once (the same bytes for any number). `memo`: zlib streams the caller made before,
    /// handed out again (the same bytes, less work for a caller that encodes the same frames often).
    public static func encode(
        _ image: DecodedImage, as format: ImageFormat, effort: PNGCompression = .max, jpegQuality: Int = 92,
        gifLossy: Int = 0, threads: Int = 1, memo: ZlibMemo? = nil
    ) throws(EncodeError) -> [UInt8] {
        do throws(OutputSizeError) {
            try DecodeLimits.default.checkOutput(width: image.width, height: image.height, frames: image.frames.count)
        } catch {
            throw EncodeError.limitExceeded("cannot encode: \(error.description)")
        }
        guard !image.frames.isEmpty else { throw EncodeError.invalidImage("cannot encode an image without frames") }
        for frame in image.frames where frame.image.width != image.width || frame.image.height != image.height {
            throw EncodeError.invalidImage(
                "cannot encode: a \(frame.image.width)x\(frame.image.height) px frame on a "
                    + "\(image.width)x\(image.height) px canvas")
        }
        switch format {
        case .png, .apng:
            let prepared = Prepared(image, representable: { DelayFraction.exact(ms: $0) != nil })
            // The quicker effort does not also try an opaque animation with a clear colour added: on fit's bench set
            // it won 2 of 56 times there, by at most 46 bytes, and took 6.6 s of the 42 files' 200 s of CPU.
            return try APNGEncoder.encodeReporting(
                prepared.image, compression: effort, triesClearColour: effort.thorough, threads: threads, memo: memo
            ).bytes
        case .gif:
            return try GIFEncoder.encode(
                binary: Prepared(GIFEncoder.binary(image), representable: Self.gifRepresentable).image,
                quick: !effort.thorough, lossy: gifLossy)
        case .jpeg:
            return try ImageEncoder.encodeJPEG(image.frames[0].image, quality: jpegQuality)
        }
    }

    /// Whether `bytes` decode to `image`'s frames, delays and loop count exactly (hidden colours zeroed).
    static func shows(_ bytes: [UInt8], exactly image: DecodedImage, limits: DecodeLimits) -> Bool {
        let back: DecodedImage
        do {
            back = try ImageDecoder.decode(bytes, limits: limits)
        } catch {
            // A candidate that does not decode does not show the image: it is not kept, and the input's bytes stay.
            return false
        }
        guard back.frames.count == image.frames.count, back.delaysMs == image.delaysMs,
            image.frames.count == 1 || back.loopCount == image.loopCount
        else { return false }
        for (a, b) in zip(back.frames, image.frames)
        where a.image.zeroingHiddenColor().image != b.image.zeroingHiddenColor().image {
            return false
        }
        return true
    }

    /// GIF delays are whole hundredths of a second, at most 65535.
    static func gifRepresentable(_ ms: Double) -> Bool {
        ms >= 0 && ms <= 655_350 && (ms / 10).rounded() * 10 == ms
    }

    static func dropped(_ count: Int) -> String { "dropped " + Self.count(count, "chunk") }

    static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private static func pngSteps(_ written: APNGEncoder.Written, source: SourceEncoding) -> [String] {
        var steps = [Self.describe(written.layout)]
        steps.append("rows filtered, deflate level \(PNGCompression.max.level)")
        if written.croppedFrames > 0 {
            steps.append("\(Self.count(written.croppedFrames, "frame")) cropped to what changed")
        }
        if written.blendedFrames > 0 {
            steps.append("\(Self.count(written.blendedFrames, "frame")) blended over, unchanged pixels transparent")
        }
        if written.disposedFrames > 0 {
            steps.append("dispose op chosen for \(Self.count(written.disposedFrames, "frame"))")
        }
        if source.bitDepth == 16 { steps.append("16-bit samples stored as the 8 bits shown") }
        return steps
    }

    private static func gifSteps(_ written: GIFEncoder.Written) -> [String] {
        var steps = ["LZW re-encoded"]
        if written.croppedFrames > 0 {
            steps.append("\(Self.count(written.croppedFrames, "frame")) cropped to what changed")
        }
        if written.keptUnchanged > 0 {
            steps.append("transparent index for unchanged pixels in \(Self.count(written.keptUnchanged, "frame"))")
        }
        if written.disposedFrames > 0 {
            steps.append("disposal chosen for \(Self.count(written.disposedFrames, "frame"))")
        }
        if written.localTables > 0 { steps.append("\(Self.count(written.localTables, "local colour table"))") }
        return steps
    }

    /// The layout in words: "palette of 37 colours (4-bit)", "RGB", "grey (2-bit)".
    static func describe(_ layout: PNGPixelLayout) -> String {
        let depth = layout.bitDepth < 8 ? " (\(layout.bitDepth)-bit)" : ""
        switch layout.colorType {
        case .palette: return "palette of \(layout.palette?.colors.count ?? 0) colours" + depth
        case .grey: return "grey" + depth + (layout.transparentKey == nil ? "" : " with a transparent key")
        case .greyAlpha: return "grey with alpha"
        case .rgb: return "RGB" + (layout.transparentKey == nil ? "" : " with a transparent key")
        case .rgba: return "RGBA"
        }
    }
}

/// An image made ready to store: hidden colours zeroed, identical consecutive frames merged; and what that did.
private struct Prepared {
    var image: DecodedImage
    var steps: [String] = []
    var format: ImageFormat {
        if image.format == .gif { return .gif }
        return image.frames.count > 1 ? .apng : .png
    }

    init(_ source: DecodedImage, representable: (Double) -> Bool) {
        image = source
        var zeroed = false
        for index in image.frames.indices {
            let (frame, changed) = image.frames[index].image.zeroingHiddenColor()
            if changed {
                image.frames[index].image = frame
                zeroed = true
            }
        }
        if zeroed { steps.append("zeroed colour under alpha 0") }
        guard image.frames.count > 1 else { return }
        let (frames, merged) = FrameMerger.merge(image.frames, representable: representable)
        image.frames = frames
        if merged > 0 { steps.append("merged \(LosslessOptimizer.count(merged, "identical frame"))") }
    }
}
