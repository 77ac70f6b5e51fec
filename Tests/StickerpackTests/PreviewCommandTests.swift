import Foundation
import StickerImage
import StickerPreview
import Testing

/// What `lint --format json` says of a pack: the expectations of the sheet and the report come from it.
struct LintedSticker {
    let path: String
    let frames: Int
    let severities: [String]

    var decoded: Bool { frames >= 1 }
    var animated: Bool { frames > 1 }

    static func of(_ pack: String) throws -> [LintedSticker] {
        let result = try Stickerpack.run(["lint", "--format", "json", pack])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        // A catalog's findings about a sticker's folder or its Contents.json are shown with the sticker.
        return files.map { file in
            let path = file["path"] as? String ?? ""
            let parent = (path as NSString).deletingLastPathComponent
            let folder = parent.hasSuffix(".sticker") || parent.hasSuffix(".stickersequence") ? parent : nil
            return LintedSticker(
                path: path, frames: file["frames"] as? Int ?? 0,
                severities: diagnostics.compactMap { diagnostic in
                    let at = diagnostic["path"] as? String ?? ""
                    let own = at == path || folder.map { at == $0 || at.hasPrefix($0 + "/") } == true
                    return own ? diagnostic["severity"] as? String : nil
                })
        }
    }
}

/// A sticker, or the frames of a `.stickersequence`, as the sheet and the report show it: one row, one card.
struct ShownItem {
    let files: [LintedSticker]
    /// Index of its first file among the pack's files.
    let first: Int

    var path: String { files[0].path }
    var animated: Bool { files.count > 1 || files[0].animated }
    var severities: Set<String> { Set(files.flatMap(\.severities)) }
    var worst: String? { ["error", "warning", "info"].first(where: severities.contains) }

    static func of(_ pack: String) throws -> [ShownItem] {
        var items: [ShownItem] = []
        for (index, file) in try LintedSticker.of(pack).enumerated() {
            let sequence = (file.path as NSString).deletingLastPathComponent
            if sequence.hasSuffix(".stickersequence"), let last = items.last,
                (last.path as NSString).deletingLastPathComponent == sequence
            {
                items[items.count - 1] = ShownItem(files: last.files + [file], first: last.first)
            } else {
                items.append(ShownItem(files: [file], first: index))
            }
        }
        return items
    }
}

extension RGBAImage {
    func colour(_ x: Int, _ y: Int) -> Colour {
        let i = (y * width + x) * 4
        return Colour(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

@Suite("stickerpack preview: the contact sheet, end to end")
struct PreviewCommandTests {
    static let packs = ["Clean", "Problems", "Problems.xcstickers"]

    func sheet(of pack: String) throws -> (RGBAImage, [ShownItem]) {
        let out = try Stickerpack.temporaryDirectory().appendingPathComponent("sheet.png").path
        let result = try Stickerpack.run(["preview", Stickerpack.sample(pack), "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(out)"))
        let image = try ImageDecoder.decodeFile(at: out)
        #expect(image.format == .png && image.frames.count == 1)
        return (image.frames[0].image, try ShownItem.of(Stickerpack.sample(pack)))
    }

    /// The tops of the white cells: runs of exactly one cell of white just inside the first column's left edge,
    /// where no sticker reaches (it stays inside the padding).
    func cellTops(_ image: RGBAImage) -> [Int] {
        let m = SheetLayout.rows
        let x = SheetLayout.margin + m.padding / 2
        var tops: [Int] = []
        var run = 0
        for y in 0..<image.height {
            if image.colour(x, y) == Colour(hex: 0xFFFFFF) {
                run += 1
            } else {
                if run == m.cell { tops.append(y - run) }
                run = 0
            }
        }
        return tops
    }

    @Test(
        "each sample pack's sheet: a row per sticker, a cell per background, sticker in the middle, badges, strips",
        arguments: packs)
    func layout(pack: String) throws {
        let (image, stickers) = try sheet(of: pack)
        let m = SheetLayout.rows
        #expect(image.width == 2 * SheetLayout.margin + 7 * m.cell + 6 * m.gap)
        let tops = cellTops(image)
        #expect(tops.count == stickers.count, "one row of cells per sticker or sequence")
        for (top, sticker) in zip(tops, stickers) {
            let near = m.padding / 2
            func cell(_ column: Int) -> Int { SheetLayout.margin + column * (m.cell + m.gap) }
            // Each background at its cell's corner, where no sticker is drawn.
            #expect(image.colour(cell(1) + near, top + near) == Colour(hex: 0x000000), "\(sticker.path): black")
            #expect(image.colour(cell(2) + near, top + near) == Colour(hex: 0xFF3B30), "\(sticker.path): red")
            #expect(image.colour(cell(3) + near, top + near) == Colour(hex: 0xFFCC00), "\(sticker.path): yellow")
            let gradientStart = image.colour(cell(4) + 1, top + 1)
            let gradientEnd = image.colour(cell(4) + m.cell - 2, top + m.cell - 2)
            #expect(
                gradientStart.r > 240 && gradientStart.b < 80 && gradientEnd.b > 180,
                "\(sticker.path): gradient red to purple")
            #expect(
                image.colour(cell(5) + 1, top + 1) == Colour(hex: 0xFFFFFF)
                    && image.colour(cell(5) + PreviewBackground.checkerSquare + 1, top + 1) == Colour(hex: 0xCCCCCC),
                "\(sticker.path): checkerboard")
            let sky = image.colour(cell(6) + near, top + near)
            #expect(sky.b > sky.r, "\(sticker.path): the photo's sky")
            // The middle of every cell: the sticker's art over the background, or the grey X of a file that does not
            // decode.
            for column in 0..<7 {
                let middle = image.colour(cell(column) + m.cell / 2, top + m.cell / 2)
                if sticker.files[0].decoded {
                    #expect(
                        middle != image.colour(cell(column) + near, top + near) || column == 4 || column == 6,
                        "\(sticker.path): no art in the middle of column \(column)")
                } else {
                    #expect(middle == Colour(hex: 0x8E8E93), "\(sticker.path): no X in column \(column)")
                }
            }
            // The first badge under the row: the worst severity's colour, or green for a clean sticker.
            let badge = image.colour(SheetLayout.margin + 1, top + m.cell + 6 + m.line + 5 + 1)
            let worst = sticker.worst
            let expected = worst.map { ContactSheet.severityColour(.init(rawValue: $0)!) } ?? Colour(hex: 0x248A3D)
            #expect(badge == expected, "\(sticker.path): badge \(worst ?? "clean")")
            // Animated stickers get a strip of later frames over a checkerboard below the caption.
            let stripTop = top + m.cell + m.caption + 8
            let strip =
                image.colour(SheetLayout.margin + 1, stripTop + 1) == Colour(hex: 0xFFFFFF)
                && image.colour(SheetLayout.margin + PreviewBackground.checkerSquare + 1, stripTop + 1)
                    == Colour(hex: 0xCCCCCC)
            #expect(strip == sticker.animated, "\(sticker.path): frame strip")
        }
    }

    @Test("the sheet's header names the pack: dark text pixels in the title band")
    func header() throws {
        let (image, _) = try sheet(of: "Clean")
        let band = (SheetLayout.margin..<(SheetLayout.margin + 24)).flatMap { y in
            (SheetLayout.margin..<400).map { image.colour($0, y) }
        }
        #expect(band.filter { $0 == Colour(hex: 0x1C1C1E) }.count > 200)
        let tops = cellTops(image)
        #expect((tops.first ?? 0) > 80, "the header sits above the first row")
    }

    @Test(
        "a large pack is drawn as a grid of smaller tiles, two to a row, three past 100 stickers",
        arguments: [(SheetLayout.gridThreshold + 2, 2), (SheetLayout.wideGridThreshold + 1, 3)])
    func grid(count: Int, perRow: Int) throws {
        let dir = try Stickerpack.temporaryDirectory()
        let art = dir.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let cat = try Data(contentsOf: URL(fileURLWithPath: Stickerpack.sample("Clean/cat.png")))
        for n in 0..<count { try cat.write(to: art.appendingPathComponent("cat-\(n).png")) }
        let out = dir.appendingPathComponent("sheet.png").path
        let result = try Stickerpack.run(["preview", art.path, "-o", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageDecoder.decodeFile(at: out).frames[0].image
        let m = SheetLayout.grid
        #expect(image.width == 2 * SheetLayout.margin + perRow * m.tileWidth + (perRow - 1) * 32)
        // The second tile column: its red cells, just inside their left edge where no sticker reaches.
        let x = SheetLayout.margin + m.tileWidth + 32 + 2 * (m.cell + m.gap) + 2
        let redRows = (0..<image.height).filter { image.colour(x, $0) == Colour(hex: 0xFF3B30) }.count
        #expect(redRows == ((count - 2) / perRow + 1) * m.cell, "one red cell per tile in the second column")
    }

    @Test("preview refuses to overwrite without --force, names a bad output, and never leaves a partial file")
    func outputs() throws {
        let dir = try Stickerpack.temporaryDirectory()
        let out = dir.appendingPathComponent("sheet.png").path
        try Data("sentinel".utf8).write(to: URL(fileURLWithPath: out))
        let again = try Stickerpack.run(["preview", Stickerpack.sample("Clean"), "-o", out])
        #expect(again.status == 1)
        #expect(again.stderr.contains("\(out) exists") && again.stderr.contains("--force"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "sentinel")
        #expect(try Stickerpack.run(["preview", Stickerpack.sample("Clean"), "-o", out, "--force"]).status == 0)
        #expect(try ImageDecoder.decodeFile(at: out).width > 1000)

        let jpeg = try Stickerpack.run([
            "preview", Stickerpack.sample("Clean"), "-o", dir.appendingPathComponent("sheet.jpg").path,
        ])
        #expect(jpeg.status == 2 && jpeg.stderr.contains(".png"))
        let missing = try Stickerpack.run([
            "preview", dir.appendingPathComponent("nothing").path, "-o", dir.appendingPathComponent("x.png").path,
        ])
        #expect(missing.status == 2 && missing.stderr.contains("no such file or folder"))
        let unwritable = dir.appendingPathComponent("no-folder/sheet.png").path
        let failed = try Stickerpack.run(["preview", Stickerpack.sample("Clean"), "-o", unwritable])
        #expect(failed.status == 1 && failed.stderr.contains("cannot write \(unwritable)"))
        #expect(!failed.stderr.contains("Fatal") && !FileManager.default.fileExists(atPath: unwritable))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test("--verbose lists each file on standard error; --quiet and pipes show no progress bar")
    func progress() throws {
        let verbose = try Stickerpack.run(["lint", Stickerpack.sample("Clean"), "--verbose"])
        #expect(verbose.status == 0)
        let lines = verbose.stderr.split(separator: "\n").filter { $0.contains("/3] ") }
        #expect(lines.count == 3, "\(verbose.stderr)")
        #expect(["cat.png", "star.png", "wave.png"].allSatisfy { name in lines.contains { $0.hasSuffix(name) } })
        let quiet = try Stickerpack.run([
            "preview", Stickerpack.sample("Clean"), "-o",
            try Stickerpack.temporaryDirectory().appendingPathComponent("s.png").path, "--quiet", "--verbose",
        ])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let piped = try Stickerpack.run(["lint", Stickerpack.sample("Problems")])
        #expect(!piped.stderr.contains("\r") && !piped.stdout.contains("\u{1B}["), "no bar and no colour in pipes")
    }
}
