import Foundation
import StickerImage
import Testing

@testable import StickerQuality

@Suite("SSIMULACRA2")
struct SSIMULACRA2Tests {
    static let white = RGBColor(red: 255, green: 255, blue: 255)

    static func score(_ original: RGBAImage, _ distorted: RGBAImage) -> Double {
        SSIMULACRA2(maximumWidth: original.width, maximumHeight: original.height)
            .score(original: original, distorted: distorted, background: white)
    }

    /// Our score against the reference tool's on every pair, to 0.05 (float rounding and the order of the
    /// blur passes differ; the reference's own CI allows 0.25 between runs of the Rust port).
    @Test func matchesTheReferenceImplementation() throws {
        for pair in try ReferencePair.all() {
            let ours = Self.score(try ReferencePair.image(pair.source), try ReferencePair.image(pair.distorted))
            print("\(pair.distorted)\tours \(ours)\treference \(pair.reference)\tpypi \(pair.pypi)")
            #expect(abs(ours - pair.reference) < 0.05, "\(pair.distorted): \(ours) vs \(pair.reference)")
        }
    }
}
