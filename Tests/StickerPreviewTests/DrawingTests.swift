import StickerImage
import Testing

@testable import StickerPreview

@Suite("the sheet's drawing: font, text, compositing, backgrounds")
struct DrawingTests {
    @Test("text the font cannot draw is folded to ASCII, and what is left becomes '?'")
    func printable() {
        #expect(String(decoding: BitmapFont.printable("café-Ångström"), as: UTF8.self) == "cafe-Angstrom")
        #expect(String(decoding: BitmapFont.printable("日本.png"), as: UTF8.self) == "??.png")
        #expect(String(decoding: BitmapFont.printable("tab\there"), as: UTF8.self) == "tab?here")
    }

    @Test("every printable ASCII character has a glyph, and no two share one")
    func glyphs() {
        var seen: [[Bool]: UInt8] = [:]
        for code in UInt8(33)...126 {
            let bits = (0..<BitmapFont.glyphWidth).flatMap { x in
                (0..<BitmapFont.glyphHeight).map { y in BitmapFont.isSet(code, x: x, y: y) }
            }
            #expect(bits.contains(true), "no pixels for \(Character(UnicodeScalar(code)))")
            #expect(
                seen[bits] == nil,
                "\(Character(UnicodeScalar(code))) looks like \(seen[bits].map { Character(UnicodeScalar($0)) } ?? " ")"
            )
            seen[bits] = code
        }
    }

    @Test("text is drawn at its scale and cut with '..' to fit")
    func text() {
        var canvas = Canvas(width: 200, height: 40, fill: Colour(hex: 0xFFFFFF))
        let width = canvas.text("Hello", x: 0, y: 0, scale: 2, Colour(hex: 0x000000))
        #expect(width == BitmapFont.width("Hello", scale: 2) && width == (5 * 6 - 1) * 2)
        let cut = canvas.text(
            "a very long sticker name indeed.png", x: 0, y: 20, scale: 1, Colour(hex: 0x000000), maxWidth: 60)
        #expect(cut <= 60 && cut > 40)
        let inked = (0..<200).filter { x in (0..<16).contains { y in canvas.image.pixels[(y * 200 + x) * 4] == 0 } }
        #expect(inked.max().map { $0 < width } ?? false)
    }

    @Test("a half-transparent pixel over an opaque background mixes the two; a transparent one leaves it")
    func compositing() {
        var canvas = Canvas(width: 2, height: 1, fill: Colour(hex: 0x0000FF))
        canvas.draw(RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 128, 255, 0, 0, 0]), x: 0, y: 0)
        #expect(Array(canvas.image.pixels[0..<4]) == [128, 0, 127, 255])
        #expect(Array(canvas.image.pixels[4..<8]) == [0, 0, 255, 255])
    }

    @Test(
        "backgrounds: plain colours, a gradient from red to purple, a checkerboard, a photo that is the same every time"
    )
    func backgrounds() {
        let red = PreviewBackground.red.render(width: 4, height: 4)
        #expect(red.pixels[0..<4] == [0xFF, 0x3B, 0x30, 255])
        let gradient = PreviewBackground.gradient.render(width: 50, height: 50)
        #expect(Array(gradient.pixels[0..<3]) == [0xFF, 0x3B, 0x30])
        #expect(Array(gradient.pixels[(50 * 50 - 1) * 4..<(50 * 50 - 1) * 4 + 3]) == [0xAF, 0x52, 0xDE])
        let checker = PreviewBackground.checkerboard.render(width: 48, height: 48)
        #expect(checker.pixels[0] == 0xFF && checker.pixels[PreviewBackground.checkerSquare * 4] == 0xCC)
        let photo = PreviewBackground.photo.render(width: 64, height: 64)
        #expect(photo == PreviewBackground.photo.render(width: 64, height: 64))
        #expect(
            Set(stride(from: 0, to: photo.pixels.count, by: 4).map { photo.pixels[$0] }).count > 40,
            "a busy picture, not a flat one")
        #expect(photo.pixels[3] == 255 && photo.pixels[2] > photo.pixels[0], "opaque, sky at the top")
    }

    @Test("a sticker is drawn at the pack's scale, never larger than the cell")
    func fitted() {
        #expect(PreviewCollector.fitted(width: 408, height: 408, scale: 136.0 / 408, limit: 136) == (136, 136))
        #expect(PreviewCollector.fitted(width: 300, height: 300, scale: 136.0 / 408, limit: 136) == (100, 100))
        #expect(PreviewCollector.fitted(width: 1024, height: 512, scale: 136.0 / 408, limit: 136) == (136, 68))
    }

    @Test("HTML escaping covers every character markup gives a meaning")
    func escaping() {
        #expect(HTMLReport.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
