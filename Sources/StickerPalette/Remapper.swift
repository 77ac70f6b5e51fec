import CPaletteKernels
import StickerSupport

/// Maps pixels to palette entries: each distinct colour to its nearest entry, or, with error diffusion,
/// each pixel to the entry nearest its colour plus the error its neighbours left (Floyd-Steinberg,
/// serpentine), in the palette space so the error carries alpha and premultiplied colour together.
///
/// Fully transparent pixels always take the transparent entry and neither receive nor pass on error (the
/// error of a visible pixel must not leak into the invisible margin, nor come back out of it); fully
/// opaque pixels only take opaque entries, so the alpha part of the error never lands on them.
struct Remapper {
    enum Kind: UInt8 {
        case transparent, translucent, opaque
    }

    let search: NearestSearch
    /// Per distinct colour: its point, its kind (a `Kind`'s raw value, as the C kernels read it) and its nearest
    /// entry.
    let points: [PalettePoint]
    let kinds: [UInt8]
    let nearest: [UInt8]

    /// Which loop dithers: the portable Swift one, or CPaletteKernels' in AVX or in AVX-512. All give the same entries.
    enum Loop {
        case portable, avx, avx512

        /// The widest this CPU runs; portable under STICKERPACK_PORTABLE.
        static let best: Loop =
            Platform.x86Path(pk_has_avx512()) ? .avx512 : Platform.x86Path(pk_has_avx()) ? .avx : .portable

        /// Whether this CPU runs it.
        var runs: Bool { self == .portable || (self == .avx ? Loop.best != .portable : Loop.best == .avx512) }
    }

    /// Each pixel's entry without dithering.
    func remap(_ colors: [Int32]) -> [UInt8] {
        colors.map { nearest[Int($0)] }
    }

    /// Each pixel's entry with error diffusion at `level` (1 is full Floyd-Steinberg), scaled per pixel
    /// by `strength` when given (0...255 for 0...1, e.g. less at edges where the error shows as noise).
    ///
    /// `previous`: the animation frame shown before this one, its colours and the entries they were given. A
    /// pixel whose colour has not changed keeps its entry (its error still passes on): the dither pattern of
    /// what stands still does not crawl from frame to frame, which the eye sees as noise and which costs
    /// bytes, since the frame encoders keep unchanged pixels for free.
    func dither(
        _ colors: [Int32], width: Int, height: Int, level: Float, strength: [UInt8]?,
        previous: (colors: [Int32], entries: [UInt8])?, loop: Loop
    ) -> [UInt8] {
        // Unwrapped once, out of the loop (with the raw buffers, a fifth of the Swift loop's time).
        let strength = strength ?? []
        let (previousColors, previousEntries) = previous ?? ([], [])
        if loop != .portable,
            let entries = ditherKernel(
                colors, width: width, height: height, level: level, strength: strength,
                previous: (previousColors, previousEntries), wide: loop == .avx512)
        {
            return entries
        }
        // Errors of this row and the next, one spare column each side; and the row's points, gathered before its
        // serial loop: a photo's points take tens of MB, met in no order, and these loads overlap one another where
        // the loop's would each stall the error chain (a quarter of the dithering's time on fit's set). Raw buffers:
        // as arrays, each write in the serial loop costs a bounds and a uniqueness check.
        var current = UnsafeMutableBufferPointer<PalettePoint>.allocate(capacity: width + 2)
        var next = UnsafeMutableBufferPointer<PalettePoint>.allocate(capacity: width + 2)
        let row = UnsafeMutableBufferPointer<PalettePoint>.allocate(capacity: width)
        defer { for buffer in [current, next, row] { buffer.deallocate() } }
        current.initialize(repeating: .zero)
        next.initialize(repeating: .zero)
        row.initialize(repeating: .zero)
        let limit = Self.errorLimit
        let output = [UInt8](unsafeUninitializedCapacity: colors.count) { output, count in
            count = colors.count
            for y in 0..<height {
                let forward = y % 2 == 0
                let step = forward ? 1 : -1
                for x in 0..<width { row[x] = points[Int(colors[y * width + x])] }
                for n in 0..<width {
                    let x = forward ? n : width - 1 - n
                    let i = y * width + x
                    let color = Int(colors[i])
                    let kind = kinds[color]
                    if kind == Kind.transparent.rawValue {
                        output[i] = nearest[color]
                        continue
                    }
                    let carried = current[x + 1] * (strength.isEmpty ? 1 : Float(strength[i]) * (1 / 255))
                    let target = row[x] + carried
                    let entry =
                        if !previousColors.isEmpty, previousColors[i] == colors[i] {
                            Int(previousEntries[i])
                        } else {
                            search.nearest(
                                target, opaque: kind == Kind.opaque.rawValue, guess: Int(nearest[color])
                            ).index
                        }
                    output[i] = UInt8(entry)
                    var error = (target - search.entries[entry]) * level
                    let size = (error * error).laneSum
                    if size > limit * limit { error *= limit / size.squareRoot() }
                    current[x + 1 + step] += error * (7 / 16)
                    next[x + 1 - step] += error * (3 / 16)
                    next[x + 1] += error * (5 / 16)
                    next[x + 1 + step] += error * (1 / 16)
                }
                swap(&current, &next)
                next.update(repeating: .zero)
            }
        }
        return output
    }

    /// An error larger than this is cut down: it would smear one pixel's miss over a whole area.
    private static let errorLimit: Float = 0.12

    /// `dither` by CPaletteKernels' AVX loop, or its AVX-512 one when `wide` (`strength` and `previous` empty for
    /// none); nil when it cannot allocate its rows.
    private func ditherKernel(
        _ colors: [Int32], width: Int, height: Int, level: Float, strength: [UInt8],
        previous: (colors: [Int32], entries: [UInt8]), wide: Bool
    ) -> [UInt8]? {
        var status: Int32 = -1
        let output = [UInt8](unsafeUninitializedCapacity: colors.count) { output, count in
            status = withKernelTables(colors, width: width, height: height) { palette, frame in
                strength.withNullableAddress { strength in
                    previous.colors.withNullableAddress { previousColors in
                        previous.entries.withNullableAddress { previousEntries in
                            pk_dither(
                                palette, frame, level, Self.errorLimit, strength, previousColors, previousEntries,
                                output.baseAddress, wide ? 1 : 0)
                        }
                    }
                }
            }
            // The kernel writes every entry, or none when it fails.
            count = status == 0 ? colors.count : 0
        }
        return status == 0 ? output : nil
    }

    /// The nearest search's tables and the frame's colours as the kernel reads them, valid inside `body`.
    private func withKernelTables(
        _ colors: [Int32], width: Int, height: Int,
        _ body: (UnsafePointer<pk_palette>, UnsafePointer<pk_frame>) -> Int32
    ) -> Int32 {
        withPalette { palette in
            colors.withUnsafeBufferPointer { colors in
                points.withUnsafeBytes { points in
                    kinds.withUnsafeBufferPointer { kinds in
                        nearest.withUnsafeBufferPointer { nearest in
                            var frame = pk_frame(
                                colors: colors.baseAddress, width: width, height: height,
                                points: points.baseAddress?.assumingMemoryBound(to: Float.self),
                                kinds: kinds.baseAddress, nearest: nearest.baseAddress)
                            return body(palette, &frame)
                        }
                    }
                }
            }
        }
    }

    private func withPalette(_ body: (UnsafePointer<pk_palette>) -> Int32) -> Int32 {
        search.entries.withUnsafeBytes { entries in
            search.opaque.withUnsafeBytes { opaque in
                search.neighbours.withUnsafeBufferPointer { neighbours in
                    search.distances.withUnsafeBufferPointer { distances in
                        var palette = pk_palette(
                            entries: entries.baseAddress?.assumingMemoryBound(to: Float.self),
                            opaque: opaque.baseAddress?.assumingMemoryBound(to: UInt8.self),
                            neighbours: neighbours.baseAddress, distances: distances.baseAddress,
                            count: search.entries.count)
                        return body(&palette)
                    }
                }
            }
        }
    }
}

extension Array {
    /// The elements' address for a C call, null when there are none (an empty array may still have one).
    fileprivate func withNullableAddress<R>(_ body: (UnsafePointer<Element>?) -> R) -> R {
        withUnsafeBufferPointer { body($0.isEmpty ? nil : $0.baseAddress) }
    }
}
