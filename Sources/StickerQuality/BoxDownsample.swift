/// Halves linear planes in place with a 2x2 box, as ssimulacra2 builds its scales: an odd last row or
/// column is averaged with itself (the reference clamps the index). Writing in place is safe: each output
/// lands at or before every input a later output still needs.
enum BoxDownsample {
    static func halve(_ plane: FloatPlane, from layout: PlaneLayout) {
        let out = layout.halved
        let data = plane.base
        for oy in 0..<out.height {
            let top = data + 2 * oy * layout.stride
            let bottom = data + min(2 * oy + 1, layout.height - 1) * layout.stride
            let row = data + oy * out.stride
            for ox in 0..<out.width {
                let left = 2 * ox
                let right = min(left + 1, layout.width - 1)
                // The reference's order: top-left, top-right, bottom-left, bottom-right.
                row[ox] = (top[left] + top[right] + bottom[left] + bottom[right]) * 0.25
            }
        }
    }
}
