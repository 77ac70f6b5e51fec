import CGIF

/// GIF through giflib's record-level API, composited as browsers do: a transparent canvas, the transparent
/// index leaving the canvas as it was, the four disposal methods, a canvas grown to hold a first frame larger
/// than the logical screen, later frames clipped to it.
enum GIFDecoder {
    /// The Graphic Control Extension that applies to the next image.
    private struct GraphicControl {
        var disposal = 0
        var delayCentiseconds = 0
        var transparentIndex: Int? = nil
    }

    static func decode(_ bytes: [UInt8], limits: DecodeLimits, buffers: PixelBuffers) throws(DecodeError)
        -> DecodedImage
    {
        let source = GIFByteSource(bytes)
        var openError: Int32 = 0
        let retained = Unmanaged.passRetained(source)
        defer { retained.release() }
        guard let gif = DGifOpen(retained.toOpaque(), GIFByteSource.read, &openError) else {
            throw .malformed("malformed GIF: \(message(openError))")
        }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        return try decode(gif, limits: limits, buffers: buffers)
    }

    /// giflib reads the LZW code size with the descriptor and refuses sizes past 8 as a read failure.
    private static func descriptorFailure(_ gif: UnsafeMutablePointer<GifFileType>) -> String {
        if gif.pointee.Error == D_GIF_ERR_READ_FAILED, let user = gif.pointee.UserData {
            let source = Unmanaged<GIFByteSource>.fromOpaque(user).takeUnretainedValue()
            if source.offset > 0, source.offset < source.bytes.count, source.bytes[source.offset - 1] > 8 {
                return "LZW minimum code size \(source.bytes[source.offset - 1]) is beyond the GIF maximum of 8"
            }
            return "the file ends inside the image descriptor (truncated)"
        }
        return message(gif.pointee.Error)
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text).lowercased()
    }

    private static func decode(
        _ gif: UnsafeMutablePointer<GifFileType>, limits: DecodeLimits, buffers: PixelBuffers
    ) throws(DecodeError) -> DecodedImage {
        var width = Int(gif.pointee.SWidth)
        var height = Int(gif.pointee.SHeight)
        // An empty screen may still grow to hold the first frame: it is refused once that frame is known.
        try limits.checkCanvas(width: width, height: height)

        var canvas = buffers.canvas(width: width, height: height)
        // Whether `canvas` shares its pixels with a frame already made, so it must be copied before a write:
        // the copy comes from the worker's buffers instead of a fresh allocation the kernel zero-fills.
        var shared = false
        var pendingClear: PixelRect?
        var cleared = false
        var frames: [AnimationFrame] = []
        var control = GraphicControl()
        var loopCount: Int? = nil
        var usesTransparency = false
        var paletteBits = Int(gif.pointee.SColorMap?.pointee.BitsPerPixel ?? 0)
        var warnings: [String] = []
        var sawInterlace = false
        // One index buffer for every frame: a fresh zeroed one per frame cost page faults and a memset each.
        var indices: [UInt8] = []

        records: while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else {
                if !frames.isEmpty && gif.pointee.Error == D_GIF_ERR_WRONG_RECORD {
                    // Browsers stop at an unknown block and show the frames before it.
                    warnings.append("unknown data after frame \(frames.count - 1) is ignored, as browsers do")
                    break records
                }
                if !frames.isEmpty && gif.pointee.Error == D_GIF_ERR_READ_FAILED {
                    throw .malformed("truncated GIF: the file ends after frame \(frames.count - 1), before the trailer")
                }
                throw .malformed("malformed GIF: \(message(gif.pointee.Error))")
            }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else {
                    throw .malformed("malformed GIF: frame \(frames.count): \(descriptorFailure(gif))")
                }
                try limits.checkFrames(count: frames.count + 1, width: width, height: height)
                let descriptor = gif.pointee.Image
                let rect = PixelRect(
                    x: Int(descriptor.Left), y: Int(descriptor.Top),
                    width: Int(descriptor.Width), height: Int(descriptor.Height))
                if frames.isEmpty {
                    try growScreen(
                        toHold: rect, width: &width, height: &height, canvas: &canvas, limits: limits,
                        buffers: buffers)
                }
                sawInterlace = sawInterlace || descriptor.Interlace
                let colorMap = descriptor.ColorMap ?? gif.pointee.SColorMap
                if let local = descriptor.ColorMap { paletteBits = max(paletteBits, Int(local.pointee.BitsPerPixel)) }
                if colorMap == nil { warnings.append("frame \(frames.count) has no colour table; drawn in black") }
                if control.transparentIndex != nil { usesTransparency = true }

                // Disposal to background waits for the next frame: after the last one it is never needed.
                if let clear = pendingClear {
                    if shared { canvas = buffers.copy(canvas) }
                    shared = false
                    Compositor.clear(clear, on: &canvas)
                    pendingClear = nil
                }
                let saved = control.disposal == 3 ? canvas : nil
                if shared || saved != nil { canvas = buffers.copy(canvas) }
                try drawImage(
                    gif, rect: rect, interlaced: descriptor.Interlace, colorMap: colorMap,
                    transparentIndex: control.transparentIndex, limits: limits, frame: frames.count,
                    indices: &indices, on: &canvas)
                frames.append(AnimationFrame(image: canvas, delayMs: Double(control.delayCentiseconds * 10)))
                shared = true
                switch control.disposal {
                case 2:
                    pendingClear = rect
                    cleared = true
                case 3: if let saved { canvas = saved }
                default: break
                }
                control = GraphicControl()
            case EXTENSION_RECORD_TYPE:
                try readExtension(gif, control: &control, loopCount: &loopCount)
            case TERMINATE_RECORD_TYPE:
                break records
            default:
                throw .malformed("malformed GIF: unknown block type after frame \(frames.count)")
            }
        }
        guard !frames.isEmpty else { throw .malformed("malformed GIF: the file holds no image") }
        // Alpha says what is shown: a transparent index, or canvas a frame leaves uncovered (or disposal clears).
        // Without a transparent index every drawn pixel is opaque, so only a clear can bring transparency back
        // after the first frame: the later frames need no scan unless one was cleared.
        let showsTransparency =
            usesTransparency || !frames[0].image.isOpaque || (cleared && frames.contains { !$0.image.isOpaque })
        var encoding = SourceEncoding(
            bitDepth: max(1, paletteBits), colorType: .palette,
            hasAlphaChannel: showsTransparency, interlaced: sawInterlace)
        encoding.colorType = .palette
        return DecodedImage(
            format: .gif, width: width, height: height, frames: frames, loopCount: loopCount,
            encoding: encoding, warnings: warnings)
    }

    /// Chromium and Firefox grow the canvas when the first frame does not fit the logical screen (Chromium to the
    /// frame's right and bottom edges, which keeps its offset; so do we). Later frames are clipped to it.
    private static func growScreen(
        toHold rect: PixelRect, width: inout Int, height: inout Int, canvas: inout RGBAImage, limits: DecodeLimits,
        buffers: PixelBuffers
    ) throws(DecodeError) {
        // Offsets and sizes are 16-bit fields, so these sums cannot overflow.
        let grownWidth = rect.width > 0 && rect.height > 0 ? max(width, rect.x + rect.width) : width
        let grownHeight = rect.width > 0 && rect.height > 0 ? max(height, rect.y + rect.height) : height
        guard grownWidth > 0, grownHeight > 0 else {
            throw .malformed("malformed GIF: the logical screen is \(width)x\(height) px")
        }
        guard (grownWidth, grownHeight) != (width, height) else { return }
        try limits.checkCanvas(width: grownWidth, height: grownHeight)
        (width, height) = (grownWidth, grownHeight)
        canvas = buffers.canvas(width: width, height: height)
    }

    /// Reads the frame's indices and draws them onto the canvas: a palette colour for every pixel but the
    /// transparent index, which leaves the canvas as it was. Parts outside the logical screen are clipped.
    private static func drawImage(
        _ gif: UnsafeMutablePointer<GifFileType>, rect: PixelRect, interlaced: Bool,
        colorMap: UnsafeMutablePointer<ColorMapObject>?, transparentIndex: Int?,
        limits: DecodeLimits, frame: Int, indices: inout [UInt8], on canvas: inout RGBAImage
    ) throws(DecodeError) {
        guard rect.width > 0, rect.height > 0 else {
            try skipImageData(gif, frame: frame)
            return
        }
        try limits.checkCanvas(width: rect.width, height: rect.height)
        if indices.count < rect.width * rect.height {
            indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        }
        let ok = indices.withUnsafeMutableBufferPointer { buffer -> Bool in
            // A plain frame in one call (giflib counts pixels, not rows); an interlaced one row by row.
            guard interlaced else {
                return DGifGetLine(gif, buffer.baseAddress!, Int32(rect.width * rect.height)) == GIF_OK
            }
            for row in rowOrder(height: rect.height, interlaced: interlaced) {
                if DGifGetLine(gif, buffer.baseAddress! + row * rect.width, Int32(rect.width)) != GIF_OK {
                    return false
                }
            }
            return true
        }
        guard ok else {
            let code = gif.pointee.Error
            if code == D_GIF_ERR_READ_FAILED {
                throw .malformed("truncated GIF: the image data of frame \(frame) ends early")
            }
            throw .malformed("malformed GIF: frame \(frame): \(message(code))")
        }
        // Opaque black for indices past the colour table, as browsers draw them.
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)
        if let colorMap {
            for i in 0..<min(256, Int(colorMap.pointee.ColorCount)) {
                let color = colorMap.pointee.Colors[i]
                palette[i] = UInt32(color.Red) | UInt32(color.Green) << 8 | UInt32(color.Blue) << 16 | 0xFF00_0000
            }
        }
        let transparent = transparentIndex ?? -1
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(canvas.width, rect.x + rect.width)
        let y1 = min(canvas.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = canvas.width
        indices.withUnsafeBufferPointer { src in
            palette.withUnsafeBufferPointer { colors in
                canvas.pixels.withUnsafeMutableBytes { raw in
                    let dst = raw.bindMemory(to: UInt32.self)
                    for y in y0..<y1 {
                        let s = (y - rect.y) * rect.width + (x0 - rect.x) - x0
                        let d = y * canvasWidth
                        if transparent < 0 {
                            for x in x0..<x1 { dst[d + x] = colors[Int(src[s + x])] }
                        } else {
                            for x in x0..<x1 where Int(src[s + x]) != transparent {
                                dst[d + x] = colors[Int(src[s + x])]
                            }
                        }
                    }
                }
            }
        }
    }

    /// Rows in the order they are stored: interlaced GIFs store every 8th row, then the 4th, 2nd and odd rows.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    private static func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>, frame: Int) throws(DecodeError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else {
            throw .malformed("malformed GIF: frame \(frame): \(message(gif.pointee.Error))")
        }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else {
                throw .malformed("malformed GIF: frame \(frame): \(message(gif.pointee.Error))")
            }
        }
    }

    private static func readExtension(
        _ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicControl,
        loopCount: inout Int?
    ) throws(DecodeError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
            throw .malformed("malformed GIF: extension block: \(message(gif.pointee.Error))")
        }
        var isLoopApplication = false
        var first = true
        while let data = block {
            let length = Int(data[0])
            let payload = Array(UnsafeBufferPointer(start: data + 1, count: length))
            if code == GRAPHICS_EXT_FUNC_CODE && first && length >= 4 {
                control.disposal = Int(payload[0] >> 2 & 0x07)
                control.delayCentiseconds = Int(payload[1]) | Int(payload[2]) << 8
                control.transparentIndex = payload[0] & 0x01 != 0 ? Int(payload[3]) : nil
            } else if code == APPLICATION_EXT_FUNC_CODE && first {
                let name = String(decoding: payload, as: UTF8.self)
                isLoopApplication = name == "NETSCAPE2.0" || name == "ANIMEXTS1.0"
            } else if isLoopApplication && length >= 3 && payload[0] == 1 && loopCount == nil {
                // The first loop count wins when a file has several, as in browsers.
                loopCount = Int(payload[1]) | Int(payload[2]) << 8
            }
            first = false
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                throw .malformed("malformed GIF: extension block: \(message(gif.pointee.Error))")
            }
        }
    }
}
