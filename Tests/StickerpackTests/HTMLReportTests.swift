import Foundation
import StickerImage
import StickerPreview
import Testing

@Suite("lint --format html and preview --html: the self-contained report, end to end")
struct HTMLReportTests {
    func report(_ arguments: [String], status: Int32) throws -> String {
        let out = try Stickerpack.temporaryDirectory().appendingPathComponent("report.html").path
        let result = try Stickerpack.run(arguments + ["-o", out])
        #expect(result.status == status, "\(result.stderr)")
        return try String(contentsOfFile: out, encoding: .utf8)
    }

    /// Every `data:` URI in the file, with its MIME type and decoded bytes.
    func dataURIs(_ html: String) throws -> [(mime: String, bytes: [UInt8])] {
        let pattern = try NSRegularExpression(pattern: "data:(image/[a-z]+);base64,([A-Za-z0-9+/=]+)")
        let text = html as NSString
        return try pattern.matches(in: html, range: NSRange(location: 0, length: text.length)).map { match in
            let bytes = try #require(Data(base64Encoded: text.substring(with: match.range(at: 2))))
            return (text.substring(with: match.range(at: 1)), [UInt8](bytes))
        }
    }

    func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    @Test(
        "a card per sticker, seven backgrounds each, images that decode, animations, filters, nothing external",
        arguments: [("Clean", Int32(0)), ("Problems", Int32(1)), ("Problems.xcstickers", Int32(1))])
    func structure(pack: String, status: Int32) throws {
        let html = try report(["lint", "--format", "html", Stickerpack.sample(pack)], status: status)
        let files = try LintedSticker.of(Stickerpack.sample(pack))
        let stickers = try ShownItem.of(Stickerpack.sample(pack))
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("</html>"))
        #expect(count("<article class=\"card s", in: html) == stickers.count)
        #expect(count("<div class=\"cell bg-", in: html) == 7 * stickers.count)
        for background in PreviewBackground.allCases {
            #expect(html.contains(".bg-\(background.rawValue){background:"), "no CSS for \(background)")
            #expect(count("cell bg-\(background.rawValue)\"", in: html) == stickers.count)
        }
        // Each card says which severities it has, for the filters.
        for sticker in stickers {
            let tokens =
                sticker.severities.isEmpty
                ? "clean" : ["error", "warning", "info"].filter(sticker.severities.contains).joined(separator: " ")
            #expect(html.contains("id=\"sticker-\(sticker.first)\" data-severities=\"\(tokens)\""), "\(sticker.path)")
        }
        // A sequence plays its frames in turn.
        for sequence in stickers where sequence.files.count > 1 {
            #expect(
                html.contains("@keyframes q\(sequence.first){0.000%{background-image:url(\"data:image/png;base64,"),
                "\(sequence.path)")
            #expect(html.contains(".s\(sequence.first) .art{animation:q\(sequence.first) "))
        }
        for filter in ["error", "warning", "info", "clean"] {
            #expect(html.contains("<input type=\"checkbox\" data-filter=\"\(filter)\" checked>"))
        }
        #expect(html.contains("<script>") && html.contains("card.hidden"))
        // Images: the photo texture and one per decoded sticker, every one decodes; animations still animate.
        let images = try dataURIs(html)
        #expect(images.count == 1 + files.filter(\.decoded).count, "the photo, and each decoded file once")
        var animated = 0
        for image in images {
            let decoded = try ImageDecoder.decode(image.bytes)
            #expect(["image/png", "image/gif", "image/jpeg"].contains(image.mime))
            if decoded.isAnimated { animated += 1 }
        }
        #expect(animated == files.filter(\.animated).count)
        // Self-contained: no resource outside the file.
        #expect(
            !html.contains("http://") && !html.contains("https://") && !html.contains("src=") && !html.contains("href=")
                && !html.contains("@import"))
        #expect(count("url(", in: html) == count("url(\"data:", in: html))
    }

    @Test("a catalog's .stickersequence is one card that plays its frames at its Contents.json timing")
    func sequence() throws {
        let html = try report(["lint", "--format", "html", Stickerpack.sample("Problems.xcstickers")], status: 1)
        let items = try ShownItem.of(Stickerpack.sample("Problems.xcstickers"))
        let wave = try #require(items.first { $0.path.contains("wave.stickersequence/") })
        #expect(wave.files.count == 3)
        // duration 0.6 s, fixed, over three frames.
        #expect(html.contains(".s\(wave.first) .art{animation:q\(wave.first) 600ms step-end infinite}"))
        #expect(html.contains("<h3>wave.stickersequence</h3>") && html.contains("<dd>3 files, 200 ms a frame</dd>"))
    }

    @Test("preview --html writes the report beside the sheet")
    func fromPreview() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let result = try Stickerpack.run([
            "preview", Stickerpack.sample("Clean"), "-o", dir.appendingPathComponent("s.png").path,
            "--html", dir.appendingPathComponent("r.html").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOfFile: dir.appendingPathComponent("r.html").path, encoding: .utf8)
        #expect(count("<article class=\"card s", in: html) == 3)
        #expect(try dataURIs(html).count == 4)
    }

    @Test("names are escaped: a file named like markup stays text")
    func escaping() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let name = "<img src=x onerror=alert(1)>&\"'.png"
        try Data(contentsOf: URL(fileURLWithPath: Stickerpack.sample("Clean/cat.png"))).write(
            to: dir.appendingPathComponent(name))
        let html = try report(["lint", "--format", "html", dir.path], status: 0)
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;.png"))
    }
}
