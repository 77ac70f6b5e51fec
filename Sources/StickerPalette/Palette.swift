/// The colours of a palette image: at most 256 RGBA entries, straight alpha, as PNG's PLTE and tRNS
/// (or a GIF's colour table) hold them.
public struct Palette: Equatable, Sendable {
    public var colors: [SIMD4<UInt8>]

    public init(colors: [SIMD4<UInt8>]) {
        precondition(colors.count <= 256, "a palette holds at most 256 colours")
        self.colors = colors
    }
}

/// Frames of one size sharing one palette: every pixel an index into it.
public struct QuantizedImage: Equatable, Sendable {
    public var palette: Palette
    public var width: Int
    public var height: Int
    /// Per frame, row by row, one palette index per pixel.
    public var indices: [[UInt8]]

    public init(palette: Palette, width: Int, height: Int, indices: [[UInt8]]) {
        precondition(indices.allSatisfy { $0.count == width * height }, "indices do not match the size")
        self.palette = palette
        self.width = width
        self.height = height
        self.indices = indices
    }

    /// Frame `index` back as RGBA pixels, row by row.
    public func pixels(frame index: Int) -> [UInt8] {
        let colors = palette.colors
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for (i, entry) in indices[index].enumerated() {
                let color = colors[Int(entry)]
                out[i * 4] = color.x
                out[i * 4 + 1] = color.y
                out[i * 4 + 2] = color.z
                out[i * 4 + 3] = color.w
            }
        }
        return pixels
    }
}
