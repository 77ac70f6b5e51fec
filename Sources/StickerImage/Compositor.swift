/// A rectangle on a canvas, in pixels.
struct PixelRect: Hashable {
    var x: Int, y: Int, width: Int, height: Int
}

/// Canvas operations shared by APNG and GIF compositing (and the contact sheet), on straight-alpha RGBA8.
public enum Compositor {
    public enum Blend {
        /// Replace the canvas pixels with the frame's (APNG `APNG_BLEND_OP_SOURCE`).
        case source
        /// Porter-Duff "over" with straight alpha (APNG `APNG_BLEND_OP_OVER`).
        case over
    }

    /// Draws `frame` at (`x`, `y`) on `canvas`, clipping what falls outside it.
    public static func draw(_ frame: RGBAImage, at x: Int, _ y: Int, on canvas: inout RGBAImage, blend: Blend) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(canvas.width, x + frame.width)
        let y1 = min(canvas.height, y + frame.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = canvas.width
        frame.pixels.withUnsafeBufferPointer { src in
            canvas.pixels.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    let s = ((row - y) * frame.width + (x0 - x)) * 4
                    let d = (row * canvasWidth + x0) * 4
                    let count = (x1 - x0) * 4
                    switch blend {
                    case .source:
                        UnsafeMutableRawPointer(dst.baseAddress! + d).copyMemory(
                            from: src.baseAddress! + s, byteCount: count)
                    case .over:
                        for i in Swift.stride(from: 0, to: count, by: 4) { blendOver(src, s + i, dst, d + i) }
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func blendOver(
        _ src: UnsafeBufferPointer<UInt8>, _ s: Int, _ dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int
    ) {
        let sa = Int(src[s + 3])
        if sa == 0 { return }
        let da = Int(dst[d + 3])
        if sa == 255 || da == 0 {
            dst[d] = src[s]
            dst[d + 1] = src[s + 1]
            dst[d + 2] = src[s + 2]
            dst[d + 3] = UInt8(sa)
            return
        }
        // Alpha scaled by 255: outA = sa + da * (1 - sa); colours weighted by their alpha, then divided back.
        let dw = da * (255 - sa)
        let outA = sa * 255 + dw
        for c in 0..<3 {
            let value = (Int(src[s + c]) * sa * 255 + Int(dst[d + c]) * dw + outA / 2) / outA
            dst[d + c] = UInt8(value)
        }
        dst[d + 3] = UInt8((outA + 127) / 255)
    }

    /// Makes a rectangle of the canvas fully transparent (dispose to background).
    static func clear(_ rect: PixelRect, on canvas: inout RGBAImage) {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(canvas.width, rect.x + rect.width)
        let y1 = min(canvas.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        let width = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            for row in y0..<y1 {
                let start = (row * width + x0) * 4
                dst[start..<(start + (x1 - x0) * 4)].update(repeating: 0)
            }
        }
    }
}
