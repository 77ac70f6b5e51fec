/// What the pixels of an image (every frame of an animation) need, found in one pass: whether any is
/// translucent, whether all are grey, their colours while there are 256 or fewer. The colour-type reducer
/// decides from this.
struct PixelSurvey {
    /// Every alpha is 255.
    var opaque = true
    /// Every pixel has red = green = blue.
    var grey = true
    /// Every alpha is 0 or 255.
    var binaryAlpha = true
    /// The RGB (alpha bits zero) of the fully transparent pixels while they all agree; nil when there are
    /// none, or once two differ (`transparentColorsAgree`).
    var transparentColor: UInt32? = nil
    var transparentColorsAgree = true
    /// Which grey levels occur (while `grey`), to find the smallest bit depth that holds them all.
    var greyLevels = [Bool](repeating: false, count: 256)
    /// The distinct colours while there are 256 or fewer; nil past that.
    var colors: ColorTable? = ColorTable()

    /// Adds pixels (RGBA as little-endian UInt32). `forceOpaque` reads every alpha as 255.
    mutating func add(_ pixels: UnsafeBufferPointer<UInt32>, forceOpaque: Bool) {
        let alphaMask: UInt32 = forceOpaque ? 0xFF00_0000 : 0
        var opaque = self.opaque
        var grey = self.grey
        var binaryAlpha = self.binaryAlpha
        var transparent = transparentColor
        var agree = transparentColorsAgree
        var counting = colors != nil
        var previous: UInt32? = nil
        greyLevels.withUnsafeMutableBufferPointer { levels in
            for raw in pixels {
                let p = raw | alphaMask
                // Flat art repeats pixels in long runs: a repeat adds nothing.
                if p == previous { continue }
                previous = p
                let alpha = p >> 24
                if alpha != 255 {
                    opaque = false
                    if alpha != 0 {
                        binaryAlpha = false
                    } else if agree {
                        let rgb = p & 0x00FF_FFFF
                        if transparent == nil { transparent = rgb } else if transparent != rgb { agree = false }
                    }
                }
                if grey {
                    let r = p & 0xFF
                    if r == (p >> 8) & 0xFF && r == (p >> 16) & 0xFF { levels[Int(r)] = true } else { grey = false }
                }
                if counting && !colors!.insert(p) { counting = false }
            }
        }
        if !counting { colors = nil }
        self.opaque = opaque
        self.grey = grey
        self.binaryAlpha = binaryAlpha
        transparentColor = transparent
        transparentColorsAgree = agree
    }

    /// The smallest grey bit depth (1, 2, 4 or 8) whose levels, scaled to 8 bits, include every grey seen.
    var greyBitDepth: Int {
        for depth in [1, 2, 4] {
            let step = 255 / ((1 << depth) - 1)
            if greyLevels.indices.allSatisfy({ !greyLevels[$0] || $0 % step == 0 }) { return depth }
        }
        return 8
    }
}
