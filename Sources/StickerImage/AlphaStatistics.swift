extension RGBAImage {
    /// Pixels whose alpha is 0.
    public var transparentPixelCount: Int {
        pixels.withUnsafeBufferPointer { p in
            var count = 0
            var i = 3
            while i < p.count {
                if p[i] == 0 { count += 1 }
                i += 4
            }
            return count
        }
    }

    /// Every pixel has alpha 255.
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }
}
