/// Pixel buffers one worker reuses from image to image. A fresh multi-megabyte buffer per image costs a page
/// fault per 4 KiB (the kernel zero-fills each page) and, once freed, goes back to the kernel; a buffer given back
/// here is handed out again with its pages in place. Not thread-safe: one per worker.
public final class PixelBuffers {
    /// Bytes kept between images at most, so a long animation does not pin its frames' memory.
    public let budget: Int
    private var free: [[UInt8]] = []
    private var kept = 0

    public init(budget: Int = 16 << 20) {
        self.budget = budget
    }

    /// An array of exactly `count` bytes whose contents are left over from an earlier image: the caller writes
    /// every byte. A reused buffer when one is large enough, else a new one, uninitialised (nothing to zero).
    func take(count: Int) -> [UInt8] {
        reused(count: count) ?? Self.fresh(count: count)
    }

    /// A buffer given back earlier, resized to exactly `count` bytes, or nil when none is large enough.
    func reused(count: Int) -> [UInt8]? {
        if let index = free.indices.filter({ free[$0].capacity >= count }).min(by: {
            free[$0].capacity < free[$1].capacity
        }) {
            free.swapAt(index, free.count - 1)
            var buffer = free.removeLast()
            kept -= buffer.capacity
            if buffer.count > count {
                buffer.removeLast(buffer.count - count)
            } else if buffer.count < count {
                buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
            }
            return buffer
        }
        return nil
    }

    /// A new array of `count` bytes, not zeroed: for a caller that writes every byte.
    static func fresh(count: Int) -> [UInt8] {
        // An empty one is the runtime's shared empty storage: the initializer would write its count there, a data
        // race between workers (ThreadSanitizer caught two decoding zero-size GIF canvases at once).
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// A fully transparent canvas (every byte 0) in a reused buffer when there is one.
    func canvas(width: Int, height: Int) -> RGBAImage {
        var pixels = take(count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A copy of `image` in a reused buffer when there is one.
    func copy(_ image: RGBAImage) -> RGBAImage {
        var pixels = take(count: image.pixels.count)
        pixels.withUnsafeMutableBufferPointer { target in
            image.pixels.withUnsafeBufferPointer { source in
                target.baseAddress!.update(from: source.baseAddress!, count: source.count)
            }
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// Takes back the pixels of an image the caller is done with (a buffer still shared elsewhere is copied on
    /// its next write, so giving one back is always safe, only useless).
    public func reclaim(_ image: consuming DecodedImage) {
        for frame in image.frames { give(frame.image.pixels) }
    }

    func give(_ pixels: [UInt8]) {
        guard pixels.capacity > 0, kept + pixels.capacity <= budget else { return }
        kept += pixels.capacity
        free.append(pixels)
    }
}
