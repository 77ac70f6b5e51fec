/// Turns an APNG's frames into full canvases, as a browser shows them (dispose and blend ops of the spec).
enum APNGCompositor {
    static func decode(
        _ animation: APNGStructure, chunks: [PNGChunk], bytes: [UInt8], header: PNGHeader,
        limits: DecodeLimits, buffers: PixelBuffers
    ) throws(DecodeError) -> DecodedImage {
        var canvas = buffers.canvas(width: header.width, height: header.height)
        // Whether `canvas` shares its pixels with a frame already made, so it must be copied before a write.
        var shared = false
        var frames: [AnimationFrame] = []
        frames.reserveCapacity(animation.frames.count)
        var encoding: SourceEncoding?
        var warnings: [String] = []

        for (index, frame) in animation.frames.enumerated() {
            let control = frame.control
            let stream = header.stream(
                width: control.rect.width, height: control.rect.height,
                imageData: frame.data.map { bytes[$0] }, bytes: bytes)
            let image: RGBAImage
            do {
                let (decoded, info) = try PNGStreamDecoder.decode(stream, limits: limits, buffers: buffers)
                image = decoded
                if encoding == nil { encoding = info.encoding }
                warnings += info.warnings.map { "frame \(index): \($0)" }
            } catch {
                throw .malformed("APNG frame \(index): \(error)")
            }
            // "Previous" on the first frame means "background" (the spec).
            let dispose = index == 0 && control.dispose == .previous ? .background : control.dispose
            let saved = dispose == .previous ? canvas : nil
            // A canvas shared with a frame (or the saved one) is drawn on in a copy from the buffers.
            if shared || saved != nil { canvas = buffers.copy(canvas) }
            Compositor.draw(
                image, at: control.rect.x, control.rect.y, on: &canvas,
                blend: control.blend == .source ? .source : .over)
            buffers.give(image.pixels)
            frames.append(AnimationFrame(image: canvas, delayMs: control.delayMs))
            shared = true
            // After the last frame the canvas is not needed again.
            if index == animation.frames.count - 1 { break }
            switch dispose {
            case .none: break
            case .background:
                canvas = buffers.copy(canvas)
                shared = false
                Compositor.clear(control.rect, on: &canvas)
            case .previous: if let saved { canvas = saved }
            }
        }
        return DecodedImage(
            format: .apng, width: header.width, height: header.height, frames: frames,
            loopCount: animation.plays,
            encoding: encoding
                ?? SourceEncoding(bitDepth: 8, colorType: .unknown, hasAlphaChannel: true, interlaced: false),
            warnings: warnings)
    }
}
