extension SIMD16 where Scalar: FloatingPoint {
    /// The sum of the lanes, added pairwise as a tree. The standard library's `sum()` adds them one at a time in
    /// a call that is not inlined, and palette distances (k-means, dithering, median cut) are the quantiser's
    /// hottest arithmetic.
    @inline(__always)
    var laneSum: Scalar {
        let eight = lowHalf + highHalf
        let four = eight.lowHalf + eight.highHalf
        let two = four.lowHalf + four.highHalf
        return two.x + two.y
    }
}
