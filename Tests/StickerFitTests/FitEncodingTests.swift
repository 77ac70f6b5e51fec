import Foundation
import Testing

@testable import StickerFit
@testable import StickerImage

@Suite("Fit's encodings")
struct FitEncodingTests {
    @Test(
        "A dithered 256-colour photo at full effort is no larger than unfiltered: the fast filter ranking keeps it in")
    func ditheredPaletteStaysUnfiltered() throws {
        // The demo's grainy sunset at 408 px, dithered to 256 colours, as fit makes it: at libdeflate's fastest
        // level four filters look better than none, at level 12 the unfiltered indices' repeats win by 8 %.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sunset = try ImageDecoder.decodeFile(
            at: root.appendingPathComponent("SamplePacks/OverLimit/sunset.png").path)
        var image = OutputGeometry(artWidth: 408, artHeight: 408).apply(to: sunset)
        image.frames[0].image = PaletteQuantizer.quantize(image.frames[0].image).image(frame: 0)
        let chosen = try FitEncoding.encode(image, as: .png)
        let pixels = image.frames[0].image
        let unfiltered = try PNGEncoder.encode(
            pixels, layout: PNGColorReducer.layout(for: [pixels]), compression: .max, strategies: [.fixed(.none)])
        #expect(chosen.count <= unfiltered.count)
    }
}
