import Foundation
import StickerImage
import StickerPreview
import Testing

/// Opens the HTML report in headless Chromium (Debian's package; `make test-deps` installs it) and reads the
/// screenshot back through the project's PNG decoder.
@Suite("the HTML report in headless Chromium")
struct HTMLScreenshotTests {
    static func chromium() throws -> String {
        let candidates = [
            "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/local/bin/chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ]
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
            "Chromium is not installed: run `make test-deps` (apt-get install chromium)")
    }

    @Test("a screenshot shows the stickers over their backgrounds: the plain colours around art that is not them")
    func screenshot() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let html = dir.appendingPathComponent("report.html").path
        let lint = try Stickerpack.run(["lint", "--format", "html", Stickerpack.sample("Clean"), "-o", html])
        #expect(lint.status == 0, "\(lint.stderr)")
        let shot = dir.appendingPathComponent("shot.png").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.chromium())
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=" + dir.appendingPathComponent("profile").path,
            "--screenshot=" + shot, "--window-size=1200,900", URL(fileURLWithPath: html).absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let image = try ImageDecoder.decodeFile(at: shot).frames[0].image
        #expect(image.width == 1200 && image.height == 900)

        for background in [PreviewBackground.red, .yellow, .black] {
            let colour = try #require(background.solidColour)
            func isBackground(_ x: Int, _ y: Int) -> Bool {
                let c = image.colour(x, y)
                return abs(Int(c.r) - Int(colour.r)) <= 2 && abs(Int(c.g) - Int(colour.g)) <= 2
                    && abs(Int(c.b) - Int(colour.b)) <= 2
            }
            // The first cell of this background: the top-most row that has its colour, and its horizontal extent there.
            let top = try #require(
                (0..<image.height).first { y in (0..<image.width).contains { isBackground($0, y) } },
                "no \(background) in the screenshot")
            let xs = (0..<image.width).filter { isBackground($0, top) }
            let left = try #require(xs.first)
            let right = xs.prefix { $0 - left < HTMLReport.cell + 10 }.last ?? left
            #expect(right - left + 1 >= HTMLReport.cell - 2, "\(background): a full cell wide at its top")
            let bottom = min(image.height, top + HTMLReport.cell)
            var art = 0
            var total = 0
            for y in top..<bottom {
                for x in left...right {
                    total += 1
                    if !isBackground(x, y) { art += 1 }
                }
            }
            // The cat covers roughly a third of its cell; an image that failed to load would leave the cell plain.
            let share = Double(art) / Double(total)
            #expect(share > 0.15 && share < 0.8, "\(background): \(Int(share * 100)) % of the cell is sticker")
        }
    }
}

@Suite("the HTML report's severity filter, run by headless Chromium")
struct HTMLFilterTests {
    @Test("#show=error hides every card without an error; the DOM after the script ran says so")
    func filter() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let html = dir.appendingPathComponent("report.html").path
        #expect(
            try Stickerpack.run(["lint", "--format", "html", Stickerpack.sample("Problems"), "-o", html]).status == 1)
        let stickers = try LintedSticker.of(Stickerpack.sample("Problems"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try HTMLScreenshotTests.chromium())
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=" + dir.appendingPathComponent("profile").path,
            "--dump-dom", URL(fileURLWithPath: html).absoluteString + "#show=error",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for (index, sticker) in stickers.enumerated() {
            let tag = try #require(
                dom.range(of: "id=\"sticker-\(index)\"").map { range in
                    dom[
                        dom[..<range.lowerBound].range(of: "<article", options: .backwards)!.lowerBound..<dom[
                            range.lowerBound...
                        ].firstIndex(of: ">")!]
                }, "card \(index) missing from the DOM")
            #expect(tag.contains("hidden") == !sticker.severities.contains("error"), "\(sticker.path): \(tag)")
        }
        #expect(
            stickers.contains { $0.severities.contains("error") }
                && stickers.contains { !$0.severities.contains("error") })
    }
}
