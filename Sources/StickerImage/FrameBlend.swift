extension RGBAImage {
    /// The weighted mean of `images` (all of one size, at least one), as a camera's shutter open across them would
    /// see it: colours weighted by their coverage (premultiplied), so a clear pixel adds no colour, only
    /// transparency. `weights` (one per image, not all zero) need not sum to one. One image is returned as it is.
    public static func blend(_ images: [RGBAImage], weights: [Double]) -> RGBAImage {
        precondition(!images.isEmpty && images.count == weights.count, "one weight an image")
        guard images.count > 1 else { return images[0] }
        let (width, height) = (images[0].width, images[0].height)
        precondition(images.allSatisfy { $0.width == width && $0.height == height }, "images differ in size")
        let total = weights.reduce(0, +)
        precondition(total > 0, "the weights sum to zero")
        let shares = weights.map { Float($0 / total) }
        let count = width * height
        var sums = [Float](repeating: 0, count: count * 4)
        sums.withUnsafeMutableBufferPointer { sums in
            for (image, share) in zip(images, shares) where share > 0 {
                image.pixels.withUnsafeBufferPointer { pixels in
                    for pixel in 0..<count {
                        let base = pixel * 4
                        let alpha = Float(pixels[base + 3]) * share
                        guard alpha > 0 else { continue }
                        sums[base] += Float(pixels[base]) * alpha
                        sums[base + 1] += Float(pixels[base + 1]) * alpha
                        sums[base + 2] += Float(pixels[base + 2]) * alpha
                        sums[base + 3] += alpha
                    }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: count * 4)
        for pixel in 0..<count {
            let base = pixel * 4
            let alpha = sums[base + 3]
            let shown = UInt8(min(255, alpha.rounded()))
            // A pixel that rounds to clear is written clear, all channels zero, as the decoders give one.
            guard shown > 0 else { continue }
            for channel in 0..<3 { out[base + channel] = UInt8(min(255, (sums[base + channel] / alpha).rounded())) }
            out[base + 3] = shown
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
