import Testing

@testable import StickerImage

/// Sizes from files and the command line meet in products that must not overflow: every check throws instead.
@Suite("Limits arithmetic never traps")
struct LimitArithmeticTests {
    /// Limits raised as far as the options allow, so that only the arithmetic stands between a size and a trap.
    static let unlimited = DecodeLimits(
        maxWidth: Int.max, maxHeight: Int.max, maxPixels: Int.max, maxFrames: Int.max,
        maxTotalBytes: (Int.max >> 20) << 20)

    @Test(
        "Canvas, frame and output checks with sizes whose products overflow",
        arguments: [
            (Int.max, Int.max), (Int.max / 2, 3), (1 << 31, 1 << 31), (1 << 32, 1 << 32),
            (3_037_000_500, 3_037_000_500),
        ] as [(Int, Int)])
    func overflowingSizes(_ width: Int, _ height: Int) {
        #expect(throws: DecodeError.self) { try Self.unlimited.checkCanvas(width: width, height: height) }
        #expect(throws: DecodeError.self) { try Self.unlimited.checkFrames(count: 5000, width: width, height: height) }
        #expect(throws: OutputSizeError.self) { try Self.unlimited.checkOutput(width: width, height: height) }
        #expect(throws: DecodeError.self) { try DecodeLimits.default.checkCanvas(width: width, height: height) }
    }

    @Test("Byte counts: exact when they fit, nil when they overflow")
    func byteCounts() {
        #expect(DecodeLimits.rgbaBytes(width: 408, height: 408, frames: 8) == 408 * 408 * 8 * 4)
        #expect(DecodeLimits.rgbaBytes(width: 1 << 31, height: 1 << 31) == nil)
        #expect(DecodeLimits.rgbaBytes(width: 65_535, height: 65_535, frames: Int.max) == nil)
    }

    @Test("An output past the limits says its size and why; an empty one is refused")
    func outputSize() {
        #expect(throws: OutputSizeError.self) { try DecodeLimits.default.checkOutput(width: 0, height: 10) }
        do {
            try DecodeLimits.default.checkOutput(width: 16_384, height: 268_435_456)
            Issue.record("a 16384x268435456 px output passed the limits")
        } catch {
            #expect(error.description.contains("16384x268435456 px"), "\(error)")
            #expect(error.reason.contains("limit of 16384x16384 px"), "\(error)")
        }
        #expect(throws: OutputSizeError.self) {
            try DecodeLimits.default.checkOutput(width: 408, height: 408, frames: 2000)
        }
        #expect(throws: Never.self) { try DecodeLimits.default.checkOutput(width: 408, height: 408, frames: 100) }
    }
}
