import Foundation
import StickerImage
import StickerLint
import StickerResample

/// One PNG that shows every sticker over every background, its name and its diagnostics, per pack.
public enum ContactSheet {
    static let paper = Colour(hex: 0xF2F2F7), ink = Colour(hex: 0x1C1C1E), secondary = Colour(hex: 0x6C6C70)
    static let cellBorder = Colour(hex: 0xC7C7CC), missing = Colour(hex: 0x8E8E93), clean = Colour(hex: 0x248A3D)

    public static func severityColour(_ severity: Severity) -> Colour {
        switch severity {
        case .error: return Colour(hex: 0xD70015)
        case .warning: return Colour(hex: 0xB25000)
        case .info: return Colour(hex: 0x0058D0)
        }
    }

    /// The sheet of `report`; `previews` holds the images made while linting (keyed by pack and sticker).
    /// A sheet past the limits (hundreds of stickers) is refused before its canvas is allocated.
    public static func render(_ report: LintReport, previews: PreviewCollector, limits: DecodeLimits = .default)
        throws(OutputSizeError) -> (image: RGBAImage, layout: SheetLayout)
    {
        let items = report.packs.map(PreviewItem.items)
        let animated = report.packs.indices.map { p in
            items[p].map { item in
                item.stickers.count > 1
                    || (previews.images(at: StickerKey(pack: p, sticker: item.stickers[0]))?.strip.isEmpty ?? true)
                        == false
            }
        }
        let layout = SheetLayout(report: report, animated: animated)
        let m = layout.metrics
        try limits.checkOutput(width: layout.width, height: layout.height)
        var canvas = Canvas(width: layout.width, height: layout.height, fill: paper)
        let backgrounds = PreviewBackground.allCases.map { $0.render(width: m.cell, height: m.cell) }
        let stripBackground = PreviewBackground.checkerboard.render(width: m.stripCell, height: m.stripCell)

        for block in layout.blocks {
            let pack = report.packs[block.pack]
            canvas.text(
                pack.name, x: SheetLayout.margin, y: block.titleY, scale: m.textScale + 1, ink,
                maxWidth: layout.width - 2 * SheetLayout.margin)
            canvas.text(
                summary(pack), x: SheetLayout.margin, y: block.summaryY, scale: m.textScale, secondary,
                maxWidth: layout.width - 2 * SheetLayout.margin)
            for column in 0..<m.tilesPerRow where column < items[block.pack].count {
                let x = SheetLayout.margin + column * (m.tileWidth + SheetLayout.tileGap)
                for (index, background) in PreviewBackground.allCases.enumerated() {
                    let left = x + index * (m.cell + m.gap)
                    let width = BitmapFont.width(background.label, scale: m.textScale)
                    canvas.text(
                        background.label, x: left + (m.cell - width) / 2, y: block.columnTitlesY, scale: m.textScale,
                        secondary)
                }
            }
            var y = block.footerY
            for diagnostic in block.footer.prefix(SheetLayout.footerLines) {
                let width = badge(&canvas, diagnostic.severity, x: SheetLayout.margin, y: y, scale: m.textScale)
                canvas.text(
                    "\(diagnostic.rule): \(relativeName(diagnostic.path, in: pack.name)): \(diagnostic.message)",
                    x: SheetLayout.margin + width + 4 * m.textScale,
                    y: y + m.textScale, scale: m.textScale, ink, maxWidth: layout.width - 2 * SheetLayout.margin - width
                )
                y += m.badge + 4
            }
            if block.footer.count > SheetLayout.footerLines {
                canvas.text(
                    "and \(block.footer.count - SheetLayout.footerLines) more: `stickerpack lint` lists them",
                    x: SheetLayout.margin, y: y + m.textScale, scale: m.textScale, secondary)
            }
        }

        for tile in layout.tiles {
            let pack = report.packs[tile.pack]
            let item = items[tile.pack][tile.item]
            let first = pack.stickers[item.stickers[0]]
            let images = item.stickers.map { previews.images(at: StickerKey(pack: tile.pack, sticker: $0)) }
            for (index, background) in PreviewBackground.allCases.enumerated() {
                let cell = tile.cell(background, m)
                canvas.fill(x: cell.x - 1, y: cell.y - 1, width: m.cell + 2, height: m.cell + 2, cellBorder)
                canvas.draw(backgrounds[index], x: cell.x, y: cell.y)
                if let still = images[0]?.still {
                    canvas.draw(still, x: cell.x + (m.cell - still.width) / 2, y: cell.y + (m.cell - still.height) / 2)
                } else {
                    cross(
                        &canvas, x: cell.x + m.padding, y: cell.y + m.padding, size: m.inner, thickness: 2 * m.textScale
                    )
                }
            }
            let facts =
                item.isSequence
                ? sequenceLine(
                    item.stickers.map { pack.stickers[$0] }, frameMs: item.sequence.flatMap { pack.sequenceFrameMs[$0] }
                )
                : factsLine(first)
            caption(
                &canvas, facts: facts, diagnostics: item.diagnostics(in: pack), name: item.name(in: pack), x: tile.x,
                y: tile.y + m.cell + 6, metrics: m)
            if tile.hasStrip {
                let top = tile.y + m.cell + m.caption + 8
                for (k, frame) in stripFrames(item, images: images, size: m.stripCell - 4).enumerated() {
                    let x = tile.x + k * (m.stripCell + m.gap)
                    canvas.fill(x: x - 1, y: top - 1, width: m.stripCell + 2, height: m.stripCell + 2, cellBorder)
                    canvas.draw(stripBackground, x: x, y: top)
                    if let image = frame.image {
                        canvas.draw(
                            image, x: x + (m.stripCell - image.width) / 2, y: top + (m.stripCell - image.height) / 2)
                    } else {
                        cross(&canvas, x: x + 4, y: top + 4, size: m.stripCell - 8, thickness: 2)
                    }
                    canvas.text(
                        m.stripCell >= 48 ? "frame \(frame.number)" : "#\(frame.number)", x: x,
                        y: top + m.stripCell + 3, scale: 1, secondary, maxWidth: m.stripCell)
                }
            }
        }
        return (canvas.image, layout)
    }

    /// "regular class (408 px) | 3 stickers | 0 errors, 0 warnings, 0 infos | 3 clean" (clean: shown with no
    /// diagnostic of its own)
    static func summary(_ pack: PackReport) -> String {
        let clean = cleanItems(pack)
        let counts = [
            plural(pack.diagnostics.count(.error), "error"), plural(pack.diagnostics.count(.warning), "warning"),
            plural(pack.diagnostics.count(.info), "info"),
        ].joined(separator: ", ")
        return
            "\(pack.context.sizeClass.rawValue) class (\(pack.context.sizeClass.pixels) px) | "
            + "\(plural(pack.stickers.count, "sticker")) | \(counts) | \(clean) clean"
    }

    /// "1 sticker", "2 stickers".
    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// How many of the pack's stickers and sequences have no diagnostic.
    static func cleanItems(_ pack: PackReport) -> Int {
        PreviewItem.items(of: pack).filter { $0.diagnostics(in: pack).isEmpty }.count
    }

    /// The path inside the pack, as a name: "cat.png", "wave.stickersequence/wave-0.png".
    public static func relativeName(_ path: String, in pack: String) -> String {
        let prefix = pack.hasSuffix("/") ? pack : pack + "/"
        if path.hasPrefix(prefix) {
            let inside = String(path.dropFirst(prefix.count))
            // A catalog sticker's folder says the same as its file name: keep the sequence folders only.
            let parts = inside.split(separator: "/")
            if parts.count == 2, parts[0].hasSuffix(".sticker"), parts[1] != "Contents.json" { return String(parts[1]) }
            return inside
        }
        return (path as NSString).lastPathComponent
    }

    /// The later frames to show under an item, numbered from 1: an animation's own strip, or a sequence's
    /// frames (their cell images made smaller).
    static func stripFrames(_ item: PreviewItem, images: [PreviewImages?], size: Int) -> [(
        number: Int, image: RGBAImage?
    )] {
        guard item.isSequence else {
            guard let images = images[0] else { return [] }
            return zip(images.stripFrames, images.strip).map { ($0 + 1, $1) }
        }
        return PreviewCollector.stripIndices(frameCount: item.stickers.count, limit: 5).map { index in
            guard let still = images[index]?.still else { return (index + 1, nil) }
            let small = PreviewCollector.fitted(width: still.width, height: still.height, scale: .infinity, limit: size)
            return (
                index + 1,
                ResamplePlan(
                    sourceWidth: still.width, sourceHeight: still.height, width: small.width, height: small.height
                ).resize(still)
            )
        }
    }

    /// "sequence of 3 frames, 408x408 PNG, 67 ms a frame, 85 KB"
    static func sequenceLine(_ frames: [StickerFacts], frameMs: Double?) -> String {
        var line = "sequence of \(frames.count) frame\(frames.count == 1 ? "" : "s")"
        if let w = frames[0].width, let h = frames[0].height { line += ", \(w)x\(h)" }
        if let format = frames[0].format { line += " \(format.displayName)" }
        if let frameMs { line += ", \(Int(frameMs.rounded())) ms a frame" }
        return line + ", " + byteText(frames.reduce(0) { $0 + $1.bytes })
    }

    /// "408x408 APNG, 8 frames, 720 ms, 212 KB"
    static func factsLine(_ facts: StickerFacts) -> String {
        var parts: [String] = []
        if let w = facts.width, let h = facts.height { parts.append("\(w)x\(h)") }
        if let format = facts.format { parts.append(format.displayName) }
        var line = parts.joined(separator: " ")
        if facts.decodeError != nil { line += line.isEmpty ? "does not decode" : ", does not decode" }
        if facts.isAnimated {
            line += ", \(facts.frameCount) frames, \(Int(facts.delaysMs.reduce(0, +).rounded())) ms"
        }
        if facts.bytes > 0 { line += ", " + byteText(facts.bytes) }
        return line
    }

    static func byteText(_ bytes: Int) -> String {
        bytes < 1000
            ? "\(bytes) B"
            : bytes < 1_000_000
                ? "\(Int((Double(bytes) / 1000).rounded())) KB" : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// The name and facts, then a badge and rule for each diagnostic, worst first (or "clean").
    static func caption(
        _ canvas: inout Canvas, facts: String, diagnostics: [Diagnostic], name: String, x: Int, y: Int,
        metrics m: SheetLayout.Metrics
    ) {
        let nameWidth = canvas.text(name, x: x, y: y, scale: m.textScale, ink, maxWidth: m.tileWidth / 2)
        let gap = 3 * BitmapFont.advance * m.textScale
        canvas.text(
            facts, x: x + nameWidth + gap, y: y, scale: m.textScale, secondary, maxWidth: m.tileWidth - nameWidth - gap)
        var left = x
        let top = y + m.line + 5
        if diagnostics.isEmpty {
            left += badge(&canvas, "OK", clean, x: left, y: top, scale: m.textScale) + 4 * m.textScale
            canvas.text("clean", x: left, y: top + m.textScale, scale: m.textScale, clean)
            return
        }
        // One badge per rule and severity, with a count when a rule fires more than once.
        var marks: [(severity: Severity, rule: String, count: Int)] = []
        for d in diagnostics {
            if let i = marks.firstIndex(where: { $0.severity == d.severity && $0.rule == d.rule }) {
                marks[i].count += 1
            } else {
                marks.append((d.severity, d.rule, 1))
            }
        }
        for mark in marks {
            let label = mark.count > 1 ? "\(mark.rule) x\(mark.count)" : mark.rule
            let room = x + m.tileWidth - left
            let needed = 10 * m.textScale + BitmapFont.width(label, scale: m.textScale) + 6 * m.textScale
            if room < needed { break }
            left += badge(&canvas, mark.severity, x: left, y: top, scale: m.textScale) + 4 * m.textScale
            left +=
                canvas.text(label, x: left, y: top + m.textScale, scale: m.textScale, severityColour(mark.severity)) + 6
                * m.textScale
        }
    }

    static func badge(_ canvas: inout Canvas, _ severity: Severity, x: Int, y: Int, scale: Int) -> Int {
        badge(
            &canvas, String(severity.rawValue.prefix(1)).uppercased(), severityColour(severity), x: x, y: y,
            scale: scale)
    }

    /// A filled box with white letters, 10 font pixels high; returns its width.
    static func badge(_ canvas: inout Canvas, _ letters: String, _ colour: Colour, x: Int, y: Int, scale: Int) -> Int {
        let width = BitmapFont.width(letters, scale: scale) + 4 * scale
        canvas.fill(x: x, y: y, width: width, height: 10 * scale, colour)
        canvas.text(letters, x: x + 2 * scale, y: y + scale, scale: scale, Colour(hex: 0xFFFFFF))
        return width
    }

    /// An X where a sticker that does not decode would be.
    static func cross(_ canvas: inout Canvas, x: Int, y: Int, size: Int, thickness: Int) {
        for step in 0..<size {
            canvas.fill(x: x + step, y: y + step, width: thickness, height: thickness, missing)
            canvas.fill(x: x + size - step - thickness, y: y + step, width: thickness, height: thickness, missing)
        }
    }
}
