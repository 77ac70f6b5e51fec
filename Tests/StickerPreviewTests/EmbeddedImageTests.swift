import Testing

@testable import StickerImage
@testable import StickerPreview

@Suite("the HTML report's embedded images")
struct EmbeddedImageTests {
    @Test("A decoded sticker whose re-encoding fails embeds its own file, not nothing (shown as not decoded)")
    func fallsBackToTheFile() {
        // No pixels to write: the encoder refuses the frame, as it would any image it cannot hold.
        let image = DecodedImage(
            format: .gif, width: 0, height: 0,
            frames: [AnimationFrame(image: RGBAImage(width: 0, height: 0), delayMs: 0)],
            loopCount: nil,
            encoding: SourceEncoding(bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, interlaced: false),
            warnings: ["a frame was worked around"])
        let file: [UInt8] = Array("GIF89a".utf8)
        let embedded = PreviewCollector.embedded(bytes: file, image: image)
        #expect(embedded.mimeType == "image/gif")
        #expect(embedded.bytes == file)
    }
}
