/// One plane of Float samples with its own storage, rows `stride` floats apart.
///
/// The metric's planes are allocated once at the largest size and reused as the scales shrink, so no pixel
/// loop allocates. Storage starts zeroed and is only ever written with finite values, so the padding
/// columns past a row's width are harmless to read.
final class FloatPlane {
    let capacity: Int
    let base: UnsafeMutablePointer<Float>

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: max(capacity, 1))
        base.initialize(repeating: 0, count: max(capacity, 1))
    }

    deinit { base.deallocate() }
}

/// The size of the planes at one scale: `stride` is the width rounded up to whole 8-lane vectors.
struct PlaneLayout: Equatable {
    var width: Int
    var height: Int
    var stride: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        stride = (width + 7) & ~7
    }

    var count: Int { stride * height }

    /// The next scale down: half the size, rounded up (an odd edge keeps its last pixel).
    var halved: PlaneLayout { PlaneLayout(width: (width + 1) / 2, height: (height + 1) / 2) }
}
