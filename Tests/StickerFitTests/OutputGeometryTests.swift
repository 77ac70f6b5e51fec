import StickerCatalog
import Testing

@testable import StickerFit

@Suite("Sides brought into 300-618 px")
struct OutputGeometryTests {
    @Test("Large art comes down to 618 px, aspect kept")
    func downscale() {
        let geometry = OutputGeometry.base(width: 2048, height: 1024, sizeClass: nil)
        #expect((geometry.width, geometry.height) == (618, 309))
        #expect(!geometry.isPadded)
    }

    @Test("Small art grows to 300 px on its longer side; a fixed class brings larger art down to it")
    func upscaleAndClass() {
        let grown = OutputGeometry.base(width: 200, height: 150, sizeClass: nil)
        #expect((grown.artWidth, grown.artHeight) == (300, 225))
        #expect((grown.width, grown.height) == (300, 300))
        // A short side under 300 beside a longer side within the bounds keeps its pixels, with margins.
        let wide = OutputGeometry.base(width: 408, height: 272, sizeClass: nil)
        #expect((wide.artWidth, wide.artHeight, wide.width, wide.height) == (408, 272, 408, 300))
        // Art that would grow by less than a quarter keeps its size too, with margins on both sides.
        let near = OutputGeometry.base(width: 256, height: 256, sizeClass: nil)
        #expect((near.artWidth, near.artHeight, near.width, near.height) == (256, 256, 300, 300))
        let regular = OutputGeometry.base(width: 618, height: 618, sizeClass: .regular)
        #expect((regular.width, regular.height) == (408, 408))
        let kept = OutputGeometry.base(width: 408, height: 408, sizeClass: .large)
        #expect((kept.width, kept.height) == (408, 408))
    }

    @Test("An extreme aspect gets transparent margins up to 300 px")
    func padded() {
        let geometry = OutputGeometry.base(width: 1000, height: 100, sizeClass: nil)
        #expect((geometry.artWidth, geometry.artHeight) == (618, 62))
        #expect((geometry.width, geometry.height) == (618, 300))
        #expect(geometry.smallerClasses().isEmpty)
    }

    @Test("Smaller size classes keep both sides at 300 px or more, a short side by transparent margins")
    func smallerClasses() {
        let square = OutputGeometry.base(width: 618, height: 618, sizeClass: nil)
        #expect(square.smallerClasses().map(\.width) == [408, 300])
        #expect(square.smallerClasses().allSatisfy { !$0.isPadded })
        let wide = OutputGeometry.base(width: 618, height: 400, sizeClass: nil)
        let sizes = wide.smallerClasses().map { [$0.artWidth, $0.artHeight, $0.width, $0.height] }
        #expect(sizes == [[408, 264, 408, 300], [300, 194, 300, 300]])
        let tall = OutputGeometry.base(width: 348, height: 618, sizeClass: nil)
        #expect(
            tall.smallerClasses().map { [$0.artWidth, $0.artHeight, $0.width, $0.height] } == [
                [230, 408, 300, 408], [169, 300, 300, 300],
            ])
    }

    @Test("Padding centres the art on a transparent canvas")
    func padding() throws {
        let image = try TestImages.image(
            [TestImages.frame(width: 40, height: 4, seed: 3, transparent: false)], delayMs: 0)
        let geometry = OutputGeometry(artWidth: 40, artHeight: 4)
        let padded = geometry.apply(to: image)
        #expect((padded.width, padded.height) == (300, 300))
        let pixels = padded.frames[0].image.pixels
        #expect(pixels[3] == 0)
        let centre = ((148 * 300) + 130) * 4
        #expect(pixels[centre + 3] == 255)
    }
}
