/// Animation frames quantised each to a palette of its own (a GIF's local colour tables), for animations whose
/// frames one shared palette serves badly: a colour cycle, a fade, a pan across a photograph.
///
/// Frame differencing stores only the pixels that change, so each frame's palette is built from those alone: a
/// pixel equal to the same pixel of the frame before keeps the colour shown before (drawn from an earlier
/// palette, and left as it is by the encoder), and only the changed pixels are mapped, with dithering if asked.
/// A frame where a pixel that was shown turns transparent is quantised whole: a GIF clears such pixels by
/// disposing a rectangle, which the next frame must then draw again from its own palette.
public enum FramePalettes {
    /// Every frame (RGBA, 4 bytes a pixel, all `width` x `height`) with at most `options.maxColors` colours
    /// besides the pixels it keeps unchanged. `alphaThreshold`: alpha below it shows nothing (GIF's 1-bit alpha).
    public static func quantize(
        width: Int, height: Int, frames: [[UInt8]], options: PaletteQuantizer.Options, alphaThreshold: UInt8 = 128
    ) -> [[UInt8]] {
        FramePaletteBuilders(width: width, height: height, frames: frames, alphaThreshold: alphaThreshold, budget: 0)
            .quantize(options)
    }

    /// `frame` with the pixels equal to `before` made transparent, so its palette is built from the rest; nil when
    /// no pixel changed.
    static func changedOnly(_ frame: [UInt8], before: [UInt8]) -> [UInt8]? {
        var masked = frame
        var changed = false
        masked.withUnsafeMutableBytes { m in
            before.withUnsafeBytes { b in
                let mw = m.bindMemory(to: UInt32.self)
                let bw = b.bindMemory(to: UInt32.self)
                for i in mw.indices {
                    if mw[i] == bw[i] { mw[i] = 0 } else { changed = true }
                }
            }
        }
        return changed ? masked : nil
    }

    /// Puts back `shown`'s pixels where `frame` equals `before`. False, leaving `made` half done, when a changed
    /// pixel shown before (at `alphaThreshold` or above) would turn transparent.
    static func carry(
        _ shown: [UInt8], into made: inout [UInt8], where frame: [UInt8], equals before: [UInt8], alphaThreshold: UInt8
    ) -> Bool {
        made.withUnsafeMutableBytes { m in
            shown.withUnsafeBytes { s in
                frame.withUnsafeBytes { f in
                    before.withUnsafeBytes { b in
                        let (mw, sw) = (m.bindMemory(to: UInt32.self), s.bindMemory(to: UInt32.self))
                        let (fw, bw) = (f.bindMemory(to: UInt32.self), b.bindMemory(to: UInt32.self))
                        for i in mw.indices {
                            if fw[i] == bw[i] {
                                mw[i] = sw[i]
                            } else if alpha(sw[i]) >= alphaThreshold && alpha(mw[i]) < alphaThreshold {
                                return false
                            }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// A pixel's alpha, the last of its bytes in memory (R, G, B, A).
    private static func alpha(_ word: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: UInt32(littleEndian: word) >> 24) }
}
