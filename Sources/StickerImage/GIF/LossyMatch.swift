import StickerPalette

/// The code of the longest string in the LZW table that the pixels from a position may be written as: a depth-first
/// search of the table's tree from the first pixel's code, the exact pixel first, then each child whose last pixel
/// is within the budget of the pixel (`GIFLossiness`) while the error the string carries stays within it too. Of
/// strings of one length the one with the least error wins. At most `alternatives` substitutions are tried per
/// code: searched deepest first, they go where an exact match breaks off.
struct LossyMatch {
    /// On the fit benchmark's GIFs 16 lost up to 8 % of the bytes saved, and 256 saved nothing more than 64.
    static let alternatives = 64
    /// The share of a string's error carried on to its next pixel: the error checked against the budget is the
    /// pixels' errors (palette-space vectors) summed with weights 1, 3/4, 9/16... from the last back, so a string
    /// cannot stray the same way pixel after pixel. At equal bytes on the fit benchmark's GIFs, carrying all of it
    /// (1) or none (0) scored worse than 3/4 (gifsicle's choice) or 1/2.
    static let leak: Float = 0.75

    /// A string being tried: its code, where its pixels end, the error it carries and the sum of its pixels'.
    private struct Step {
        var code: Int32
        var position: Int32
        /// Where the alternatives continue: the next child, or the next entry of the pixel's close colours.
        var cursor: Int32 = 0
        var state = State.new
        var cost: Float
        var carried: PalettePoint

        init(code: Int, position: Int, cost: Float, carried: PalettePoint) {
            self.code = Int32(code)
            self.position = Int32(position)
            self.cost = cost
            self.carried = carried
        }
    }

    private enum State: UInt8 {
        case new, children, close
    }

    let indices: UnsafeBufferPointer<UInt8>
    /// `LZWEncoder`'s table: child[code << bits | pixel].
    let child: UnsafeMutablePointer<UInt16>
    let bits: Int
    let tree: LZWTree
    let lossiness: GIFLossiness.Pointers
    /// One step per pixel of the string being tried (a string is shorter than the 4,096 codes).
    private let stack: UnsafeMutablePointer<Step>

    static func with<R>(
        indices: UnsafeBufferPointer<UInt8>, child: UnsafeMutablePointer<UInt16>, bits: Int, tree: LZWTree,
        lossiness: GIFLossiness, _ body: (LossyMatch) -> R
    ) -> R {
        let stack = UnsafeMutablePointer<Step>.allocate(capacity: 4096)
        defer { stack.deallocate() }
        return lossiness.withPointers { lossiness in
            body(
                LossyMatch(
                    indices: indices, child: child, bits: bits, tree: tree, lossiness: lossiness, stack: stack))
        }
    }

    /// The code to write for the pixels from `start`, and where the pixels it stands for end.
    func longest(from start: Int) -> (code: Int, end: Int) {
        let squaredBudget = lossiness.budget * lossiness.budget
        var best = (code: Int(indices[start]), end: start + 1, cost: Float(0))
        var explored = 0
        var depth = 0
        stack.initialize(to: Step(code: best.code, position: start + 1, cost: 0, carried: .zero))
        while depth >= 0 {
            let step = stack + depth
            let code = Int(step.pointee.code)
            let position = Int(step.pointee.position)
            if step.pointee.state == .new {
                let cost = step.pointee.cost
                if position > best.end || (position == best.end && cost < best.cost) { best = (code, position, cost) }
                guard position < indices.count else {
                    depth -= 1
                    continue
                }
                let pixel = Int(indices[position])
                // Alternatives come from the shorter list: the code's children, or the pixel's close colours.
                if tree.children(of: code) <= lossiness.closeCount(pixel) {
                    step.pointee.state = .children
                    step.pointee.cursor = Int32(tree.firstChild(of: code))
                } else {
                    step.pointee.state = .close
                    step.pointee.cursor = lossiness.closeStart[pixel]
                }
                let exact = Int(child[code << bits | pixel])
                if exact != 0 {
                    depth += 1
                    (step + 1).initialize(
                        to: Step(
                            code: exact, position: position + 1, cost: cost, carried: step.pointee.carried * Self.leak))
                }
                continue
            }
            let pixel = Int(indices[position])
            guard explored < Self.alternatives, let (other, last) = nextAlternative(step, pixel: pixel) else {
                depth -= 1
                continue
            }
            let error = step.pointee.carried * Self.leak + lossiness.points[last] - lossiness.points[pixel]
            guard GIFLossiness.squaredLength(error) <= squaredBudget else { continue }
            explored += 1
            depth += 1
            (step + 1).initialize(
                to: Step(
                    code: other, position: position + 1,
                    cost: step.pointee.cost + lossiness.distance[pixel << 8 | last],
                    carried: error))
        }
        return (best.code, best.end)
    }

    /// The next child of the step's code whose last pixel is within the budget of `pixel` (not `pixel` itself,
    /// the exact child), and that last pixel; nil when none is left.
    @inline(__always)
    private func nextAlternative(_ step: UnsafeMutablePointer<Step>, pixel: Int) -> (code: Int, last: Int)? {
        var cursor = Int(step.pointee.cursor)
        defer { step.pointee.cursor = Int32(cursor) }
        if step.pointee.state == .children {
            while cursor != 0 {
                let candidate = cursor
                let last = tree.last(of: candidate)
                cursor = tree.sibling(of: candidate)
                if last != pixel && lossiness.distance[pixel << 8 | last] <= lossiness.budget {
                    return (candidate, last)
                }
            }
        } else {
            let end = Int(lossiness.closeStart[pixel + 1])
            while cursor < end {
                let last = Int(lossiness.close[cursor])
                cursor += 1
                let candidate = Int(child[Int(step.pointee.code) << bits | last])
                if candidate != 0 { return (candidate, last) }
            }
        }
        return nil
    }
}
