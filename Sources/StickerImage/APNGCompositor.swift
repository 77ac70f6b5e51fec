/// Turns an APNG's frames into full canvases, as a browser shows them (dispose and blend ops of the spec).
enum APNGCompositor {
    static func decode(
        _ animation: APNGStructure, chunks: [PNGChunk], bytes: [UInt8], header: PNGHeader,
        limits: DecodeLimits
    ) throws(DecodeError) -> DecodedImage {
        var canvas = RGBAImage(width: header.width, height: header.height)
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
                let (decoded, info) = try PNGStreamDecoder.decode(stream, limits: limits)
                image = decoded
                if encoding == nil { encoding = info.encoding }
                warnings += info.warnings.map { "frame \(index): \($0)" }
            } catch {
                throw .malformed("APNG frame \(index): \(error)")
            }
            // "Previous" on the first frame means "background" (the spec).
            let dispose = index == 0 && control.dispose == .previous ? .background : control.dispose
            let saved = dispose == .previous ? canvas : nil
            Compositor.draw(
                image, at: control.rect.x, control.rect.y, on: &canvas,
                blend: control.blend == .source ? .source : .over)
            frames.append(AnimationFrame(image: canvas, delayMs: control.delayMs))
            switch dispose {
            case .none: break
            case .background: Compositor.clear(control.rect, on: &canvas)
            case .previous: if let saved { canvas = saved }
            }
        }
        return DecodedImage(
            format: .apng, width: header.width, height: header.height, frames: frames,
            loopCount: animation.plays,
            encoding: encoding
                ?? SourceEncoding(bitDepth: 8, colorType: "unknown", hasAlphaChannel: true, interlaced: false),
            warnings: warnings)
    }
}
