import StickerImage

extension DecodedImage {
    /// Every fully transparent pixel set to 0,0,0,0: what it shows is unchanged, and runs of zeros compress
    /// better than the colours an editor left behind.
    func clearingHiddenColour() -> DecodedImage {
        var copy = self
        for index in copy.frames.indices {
            copy.frames[index].image.pixels.withUnsafeMutableBufferPointer { pixels in
                for offset in stride(from: 0, to: pixels.count, by: 4) where pixels[offset + 3] == 0 {
                    pixels[offset] = 0
                    pixels[offset + 1] = 0
                    pixels[offset + 2] = 0
                }
            }
        }
        return copy
    }
}
