import CGIF

/// Writes GIF through giflib: one global palette from the project's quantizer, 1-bit transparency by an
/// alpha threshold (edge pixels keep their own colour, so no dark fringe), full-canvas frames cleared
/// between frames (disposal 2), delays in hundredths, and the loop count kept.
public enum GIFEncoder {
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private static let write: OutputFunc = { gif, data, count in
        guard let gif, let data, count > 0, let user = gif.pointee.UserData else { return 0 }
        Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes.append(
            contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
        return count
    }

    public static func encode(_ image: DecodedImage, alphaThreshold: UInt8 = 128) throws(EncodeError)
        -> [UInt8]
    {
        // Opaque colours of every frame feed one palette; one index is kept for transparency.
        var opaque: [UInt32] = []
        var hasTransparency = false
        for frame in image.frames {
            frame.image.pixels.withUnsafeBufferPointer { p in
                for i in Swift.stride(from: 0, to: p.count, by: 4) {
                    if p[i + 3] >= alphaThreshold {
                        opaque.append(UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]))
                    } else {
                        hasTransparency = true
                    }
                }
            }
        }
        var quantizer = ColorQuantizer(colors: opaque, maxColors: hasTransparency ? 255 : 256)
        let transparent = hasTransparency ? quantizer.palette.count : -1
        let entries = quantizer.palette.count + (hasTransparency ? 1 : 0)
        var mapSize = 2
        while mapSize < entries { mapSize *= 2 }

        let sink = Sink()
        let retained = Unmanaged.passRetained(sink)
        defer { retained.release() }
        var error: Int32 = 0
        guard let gif = EGifOpen(retained.toOpaque(), write, &error) else {
            throw failure("cannot start the GIF", error)
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        EGifSetGifVersion(gif, true)

        guard let map = GifMakeMapObject(Int32(mapSize), nil) else { throw failure("out of memory", 0) }
        defer { GifFreeMapObject(map) }
        for (i, color) in quantizer.palette.enumerated() {
            map.pointee.Colors[i] = GifColorType(Red: color.x, Green: color.y, Blue: color.z)
        }
        guard EGifPutScreenDesc(gif, Int32(image.width), Int32(image.height), 8, 0, map) == GIF_OK else {
            throw failure("cannot write the screen descriptor", gif.pointee.Error)
        }
        if image.frames.count > 1, let loops = image.loopCount {
            var name = Array("NETSCAPE2.0".utf8)
            var loop: [UInt8] = [1, UInt8(loops & 0xFF), UInt8(loops >> 8 & 0xFF)]
            guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
                EGifPutExtensionBlock(gif, Int32(name.count), &name) == GIF_OK,
                EGifPutExtensionBlock(gif, 3, &loop) == GIF_OK,
                EGifPutExtensionTrailer(gif) == GIF_OK
            else { throw failure("cannot write the loop count", gif.pointee.Error) }
        }
        var line = [UInt8](repeating: 0, count: image.width)
        for frame in image.frames {
            var control = GraphicsControlBlock(
                DisposalMode: image.frames.count > 1 ? DISPOSE_BACKGROUND : DISPOSAL_UNSPECIFIED,
                UserInputFlag: false,
                DelayTime: Int32(min(65535, (frame.delayMs / 10).rounded())),
                TransparentColor: Int32(transparent))
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extensionBytes) == GIF_OK,
                EGifPutImageDesc(gif, 0, 0, Int32(image.width), Int32(image.height), false, nil) == GIF_OK
            else {
                throw failure("cannot write a frame header", gif.pointee.Error)
            }
            for y in 0..<image.height {
                frame.image.pixels.withUnsafeBufferPointer { p in
                    for x in 0..<image.width {
                        let i = (y * image.width + x) * 4
                        line[x] =
                            p[i + 3] >= alphaThreshold
                            ? quantizer.index(of: UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]))
                            : UInt8(max(transparent, 0))
                    }
                }
                guard EGifPutLine(gif, &line, Int32(image.width)) == GIF_OK else {
                    throw failure("cannot write pixels", gif.pointee.Error)
                }
            }
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw failure("cannot finish the GIF", error) }
        return sink.bytes
    }

    private static func failure(_ what: String, _ code: Int32) -> EncodeError {
        let detail = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return EncodeError(description: "GIF encoding failed: \(what) (\(detail))")
    }
}
