import Foundation

/// What happens to the canvas after a frame is shown, before the next is drawn: APNG's dispose_op and GIF's
/// disposal method name the same three choices.
enum FrameDisposal: CaseIterable {
    /// The canvas stays as the frame left it.
    case none
    /// The frame's rectangle is cleared to transparent.
    case background
    /// The canvas goes back to what it was before the frame was drawn.
    case previous
}

/// What the encoder knows after writing a frame: the canvas it was drawn on, its rectangle, the canvas it
/// showed. Each disposal of that frame gives the next frame a different canvas to draw on.
struct CanvasHistory {
    /// The canvas the last frame was drawn on (after the disposal before it).
    var base: RGBAImage
    var rect: PixelRect
    /// What the last frame showed: its target, exactly.
    var shown: RGBAImage

    /// The canvas the next frame draws on for each disposal of the last frame; a disposal that gives the same
    /// canvas as an earlier one is left out.
    func canvases(isFirst: Bool) -> [(FrameDisposal, RGBAImage)] {
        var cleared = shown
        Compositor.clear(rect, on: &cleared)
        var out: [(FrameDisposal, RGBAImage)] = [(.none, shown)]
        if cleared != shown { out.append((.background, cleared)) }
        // "Previous" after the first frame is "background" to an APNG decoder: only later frames offer it.
        if !isFirst && base != shown && base != cleared { out.append((.previous, base)) }
        return out
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel that differs from `other` (of the same size); nil when none.
    func changedBounds(from other: RGBAImage) -> PixelRect? { bounds(against: other) { $0 != $1 } }

    /// The smallest rectangle holding every pixel where `marks(pixel, other's pixel)` (`other` of the same size);
    /// nil when none. `marks` must be false where the two are equal: rows the same in both are skipped.
    @inline(__always)
    func bounds(against other: RGBAImage, where marks: (UInt32, UInt32) -> Bool) -> PixelRect? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        guard width > 0 && height > 0 else { return nil }
        pixels.withUnsafeBytes { pa in
            other.pixels.withUnsafeBytes { pb in
                let a = pa.bindMemory(to: UInt32.self)
                let b = pb.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    // Most rows of a sticker's frame are unchanged: skip them at memcmp's speed.
                    if memcmp(a.baseAddress! + row, b.baseAddress! + row, width * 4) == 0 { continue }
                    var x = 0
                    while x < width && !marks(a[row + x], b[row + x]) { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while !marks(a[row + last], b[row + last]) { last -= 1 }
                    minX = Swift.min(minX, x)
                    maxX = Swift.max(maxX, last)
                    minY = Swift.min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The pixels of `rect` as an image of their own.
    func cropped(to rect: PixelRect) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<rect.height {
                    let s = ((rect.y + y) * width + rect.x) * 4
                    UnsafeMutableRawPointer(dst.baseAddress! + y * rect.width * 4).copyMemory(
                        from: src.baseAddress! + s, byteCount: rect.width * 4)
                }
            }
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: out)
    }

    /// The same pixels with the colour of every fully transparent pixel set to 0, and whether any changed.
    package func zeroingHiddenColor() -> (image: RGBAImage, changed: Bool) {
        var copy = self
        var changed = false
        copy.pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            for i in words.indices where words[i] != 0 && words[i] >> 24 == 0 {
                words[i] = 0
                changed = true
            }
        }
        return (copy, changed)
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width)
        let y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
