import Foundation
import StickerImage
import StickerLint
import StickerSupport

/// A single self-contained HTML file: every sticker over the sheet's backgrounds (animations play), its facts
/// and diagnostics, filterable by severity. Images are data: URIs and the script is inline, so it opens from
/// a CI artifact with no server and loads nothing from anywhere.
public enum HTMLReport {
    /// CSS pixels of a cell and of the sticker of the pack's class inside it.
    public static let cell = 120
    public static let inner = 104

    public static func render(_ report: LintReport, previews: PreviewCollector, toolVersion: String) -> String {
        // No cause lost: a fixed 240x240 drawing encodes; were it not to, the cells keep their plain colour.
        let photo =
            (try? PNGEncoder.encodeOpaque(PreviewBackground.photo.render(width: 240, height: 240)))
            .map { EmbeddedImage(mimeType: "image/png", bytes: $0).dataURI } ?? ""
        var stickerStyles: [String] = []
        var sections: [String] = []
        var offset = 0
        for (p, pack) in report.packs.enumerated() {
            var cards: [String] = []
            for item in PreviewItem.items(of: pack) {
                let index = offset + item.stickers[0]
                let uris = item.stickers.compactMap {
                    previews.images(at: StickerKey(pack: p, sticker: $0))?.embedded?.dataURI
                }
                stickerStyles.append(
                    style(
                        index: index, uris: uris, sequence: item.isSequence,
                        frameMs: item.sequence.flatMap { pack.sequenceFrameMs[$0] }))
                cards.append(card(item, index: index, pack: pack, decoded: !uris.isEmpty))
            }
            offset += pack.stickers.count
            sections.append(section(pack, cards: cards))
        }
        let counts = Severity.allCases.map { ($0, report.count($0)) }
        let clean = report.packs.reduce(0) { $0 + ContactSheet.cleanItems($1) }
        let filters =
            counts.map { severity, count in
                filter(severity.rawValue, badge: letter(severity), label: "\(severity.rawValue)s (\(count))")
            } + [filter("clean", badge: "OK", label: "clean (\(clean))")]
        let summary =
            ContactSheet.plural(report.stickers.count, "sticker") + " in "
            + ContactSheet.plural(report.packs.count, "pack") + "; "
            + counts.map { ContactSheet.plural($1, $0.rawValue) }.joined(separator: ", ") + "; \(clean) clean"
        let title = "stickerpack report: " + report.packs.map(\.name).joined(separator: ", ")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="stickerpack \(escape(toolVersion))">
            <title>\(escape(title))</title>
            <style>
            \(stylesheet(photoDataURI: photo))
            </style>
            <style>
            \(stickerStyles.joined(separator: "\n"))
            </style>
            </head>
            <body>
            <header>
            <h1>\(escape(title))</h1>
            <p class="summary">\(summary)</p>
            <div class="filters" role="group" aria-label="Show stickers with">\
            Show: \(filters.joined(separator: " "))</div>
            </header>
            <main>
            \(sections.joined(separator: "\n"))
            </main>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    /// The card's image: one file as it is; a sequence's frames in turn, as Messages plays them (at 15 frames a
    /// second when its Contents.json gives no timing), each frame's data written once.
    static func style(index: Int, uris: [String], sequence: Bool, frameMs: Double?) -> String {
        guard sequence, uris.count > 1 else {
            return uris.first.map { ".s\(index) .art{background-image:url(\"\($0)\")}" } ?? ""
        }
        let steps = uris.enumerated().map { k, uri in
            String(format: "%.3f%%", Double(k) * 100 / Double(uris.count)) + "{background-image:url(\"\(uri)\")}"
        }
        let cycle = Int(((frameMs ?? 1000.0 / 15) * Double(uris.count)).rounded())
        return
            "@keyframes q\(index){\(steps.joined())}\n.s\(index) .art{animation:q\(index) \(cycle)ms step-end infinite}"
    }

    static func section(_ pack: PackReport, cards: [String]) -> String {
        let packDiagnostics = PreviewItem.packDiagnostics(pack)
        var html =
            "<section class=\"pack\">\n<h2>\(escape(pack.name))</h2>\n"
            + "<p class=\"summary\">\(escape(ContactSheet.summary(pack)))</p>\n"
        if !packDiagnostics.isEmpty {
            html +=
                "<ul class=\"diagnostics pack-diagnostics\">\n"
                + packDiagnostics.map { diagnosticItem($0, path: true) }.joined(separator: "\n") + "\n</ul>\n"
        }
        html +=
            "<div class=\"columns\" aria-hidden=\"true\">"
            + PreviewBackground.allCases.map { "<span>\($0.label)</span>" }.joined() + "</div>\n"
        return html + cards.joined(separator: "\n") + "\n</section>"
    }

    static func card(_ item: PreviewItem, index: Int, pack: PackReport, decoded: Bool) -> String {
        let diagnostics = item.diagnostics(in: pack)
        let severities = Set(diagnostics.map(\.severity))
        let tokens =
            diagnostics.isEmpty
            ? "clean" : Severity.allCases.filter(severities.contains).map(\.rawValue).joined(separator: " ")
        let name = item.name(in: pack)
        let frames = item.stickers.map { pack.stickers[$0] }
        let facts = frames.first { $0.decoded } ?? frames[0]
        let rows =
            item.isSequence
            ? sequenceRows(
                frames, folder: item.sequence ?? "", frameMs: item.sequence.flatMap { pack.sequenceFrameMs[$0] })
            : factRows(facts)
        var art = "<div class=\"missing\">not decoded</div>"
        if decoded, let w = facts.width, let h = facts.height {
            let size = PreviewCollector.fitted(
                width: w, height: h, scale: Double(inner) / Double(pack.context.sizeClass.pixels), limit: inner)
            art =
                "<div class=\"art\" role=\"img\" aria-label=\"\(escape(name))\" "
                + "style=\"width:\(size.width)px;height:\(size.height)px\"></div>"
        }
        let cells = PreviewBackground.allCases.map {
            "<div class=\"cell bg-\($0.rawValue)\" title=\"\($0.label)\">\(art)</div>"
        }.joined()
        let list =
            diagnostics.isEmpty
            ? "<p class=\"clean-note\"><span class=\"badge clean\">OK</span> passes every rule</p>"
            : "<ul class=\"diagnostics\">\n"
                + diagnostics.map { diagnosticItem($0, path: false) }.joined(separator: "\n") + "\n</ul>"
        let factList = rows.map { "<dt>\(escape($0))</dt><dd>\(escape($1))</dd>" }.joined()
        return """
            <article class="card s\(index)" id="sticker-\(index)" data-severities="\(tokens)">
            <h3>\(escape(name))</h3>
            <div class="body"><div class="cells">\(cells)</div>
            <div class="details"><dl class="facts">\(factList)</dl>
            \(list)</div></div>
            </article>
            """
    }

    static func diagnosticItem(_ diagnostic: Diagnostic, path: Bool) -> String {
        let severity = diagnostic.severity.rawValue
        let place = path ? "<span class=\"path\">\(escape(diagnostic.path))</span> " : ""
        let badge = "<span class=\"badge \(severity)\" title=\"\(severity)\">\(letter(diagnostic.severity))</span>"
        return "<li class=\"\(severity)\">\(badge) <code>\(escape(diagnostic.rule))</code> \(place)"
            + "\(escape(diagnostic.message))<div class=\"hint\">fix: \(escape(diagnostic.hint))</div></li>"
    }

    static func sequenceRows(_ frames: [StickerFacts], folder: String, frameMs: Double?) -> [(String, String)] {
        var rows: [(String, String)] = [("sequence", folder)]
        rows.append(
            (
                "frames",
                "\(frames.count) files"
                    + (frameMs.map { ", \(Int($0.rounded())) ms a frame" } ?? ", no timing in Contents.json")
            ))
        if let format = frames[0].format { rows.append(("format", format.displayName)) }
        if let w = frames[0].width, let h = frames[0].height { rows.append(("size", "\(w) x \(h) px")) }
        rows.append(("bytes", frames.reduce(0) { $0 + $1.bytes }.grouped))
        return rows
    }

    static func factRows(_ facts: StickerFacts) -> [(String, String)] {
        var rows: [(String, String)] = [("file", facts.path)]
        if let format = facts.format {
            rows.append(
                (
                    "format",
                    format.displayName
                        + (facts.bitDepth.map { " (\($0)-bit \(facts.colorType?.rawValue ?? ""))" } ?? "")
                ))
        }
        if let w = facts.width, let h = facts.height { rows.append(("size", "\(w) x \(h) px")) }
        if facts.isAnimated {
            let loops =
                facts.loopCount.map { $0 == 0 ? "loops forever" : "plays \($0) time\($0 == 1 ? "" : "s")" }
                ?? "plays once"
            rows.append(("frames", "\(facts.frameCount), \(Int(facts.delaysMs.reduce(0, +).rounded())) ms, \(loops)"))
        }
        if facts.decoded, let w = facts.width, let h = facts.height, w * h > 0 {
            rows.append(
                (
                    "transparent",
                    String(format: "%.1f %% of the first frame", Double(facts.transparentPixels) * 100 / Double(w * h))
                ))
        }
        if let orientation = facts.exifOrientation, orientation != 1 {
            rows.append(("EXIF orientation", "\(orientation)"))
        }
        rows.append(("bytes", facts.bytes.grouped))
        if let error = facts.decodeError { rows.append(("decode", "\(error)")) }
        return rows
    }

    /// A severity filter's checkbox, its badge and its label.
    static func filter(_ token: String, badge: String, label: String) -> String {
        "<label><input type=\"checkbox\" data-filter=\"\(token)\" checked> "
            + "<span class=\"badge \(token)\">\(badge)</span> \(label)</label>"
    }

    static func letter(_ severity: Severity) -> String { String(severity.rawValue.prefix(1)).uppercased() }

    /// Text and attribute values, with every character HTML gives a meaning escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static func stylesheet(photoDataURI: String) -> String {
        let backgrounds = PreviewBackground.allCases.map {
            ".bg-\($0.rawValue){background:\($0.css(photoDataURI: photoDataURI))}"
        }.joined(separator: "\n")
        let badges = Severity.allCases.map {
            ".badge.\($0.rawValue){background:\(ContactSheet.severityColour($0).css)}"
        }.joined(separator: "\n")
        return """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px;\
            background:#f2f2f7;color:#1c1c1e}
            h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:24px 0 2px}h3{font-size:15px;margin:0 0 8px;\
            word-break:break-all}
            .summary{color:#6c6c70;margin:0 0 8px}
            .filters label{margin-right:14px;white-space:nowrap;cursor:pointer}
            .columns{display:flex;gap:8px;margin:8px 0 4px 13px;color:#6c6c70;font-size:12px}
            .columns span{width:\(cell + 2)px;text-align:center}
            .card{background:#fff;border-radius:10px;padding:12px;margin:10px 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
            .card[hidden]{display:none}
            .body{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:flex-start}
            .details{flex:1 1 300px;min-width:0}
            .cells{display:flex;flex-wrap:wrap;gap:8px}
            .cell{width:\(cell)px;height:\(cell)px;border:1px solid #c7c7cc;display:flex;align-items:center;\
            justify-content:center}
            .art{background-size:100% 100%;background-repeat:no-repeat}
            .missing{color:#8e8e93;font-weight:600;text-align:center;background:rgba(255,255,255,.85);padding:2px 4px}
            .facts{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:0 0 6px;font-size:13px}
            .facts dt{color:#6c6c70}.facts dd{margin:0;word-break:break-all}
            .diagnostics{list-style:none;margin:6px 0 0;padding:0}.diagnostics li{margin:4px 0}
            .hint{color:#6c6c70;margin-left:28px;font-size:13px}
            .path{color:#6c6c70}
            .badge{display:inline-block;min-width:18px;padding:0 4px;border-radius:4px;color:#fff;font-weight:700;\
            font-size:12px;text-align:center}
            .badge.clean{background:#248a3d}
            \(badges)
            \(backgrounds)
            """
    }

    /// Shows a card when one of its severities (or "clean") is ticked. "#show=error,warning" in the address
    /// ticks just those, so a link can open a filtered view.
    static let script = """
        const boxes = Array.from(document.querySelectorAll('.filters input'));
        const wanted = new URLSearchParams(location.hash.slice(1)).get('show');
        if (wanted !== null) {
          const ticked = new Set(wanted.split(','));
          boxes.forEach(b => { b.checked = ticked.has(b.dataset.filter); });
        }
        function applyFilters() {
          const shown = new Set(boxes.filter(b => b.checked).map(b => b.dataset.filter));
          for (const card of document.querySelectorAll('.card')) {
            card.hidden = !card.dataset.severities.split(' ').some(s => shown.has(s));
          }
        }
        boxes.forEach(b => b.addEventListener('change', applyFilters));
        applyFilters();
        """
}
