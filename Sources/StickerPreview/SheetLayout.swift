import StickerLint

/// Where everything goes on a contact sheet: a header per pack, then one tile per sticker or sequence (a row of
/// cells, one per background, a caption, and a strip of later frames for animations). Small packs get a tile per row;
/// packs over `gridThreshold` stickers in all get smaller tiles, two or three to a row.
public struct SheetLayout: Sendable {
    public struct Metrics: Sendable {
        /// A cell is a square of `cell` pixels; the sticker of the pack's class fills all but `padding` on each side.
        public var cell: Int
        public var padding: Int
        public var gap: Int
        /// The bitmap font's scale for captions (the pack title is one larger).
        public var textScale: Int
        public var stripCell: Int
        public var tilesPerRow: Int

        public var inner: Int { cell - 2 * padding }
        public var tileWidth: Int {
            PreviewBackground.allCases.count * cell + (PreviewBackground.allCases.count - 1) * gap
        }
        public var line: Int { BitmapFont.glyphHeight * textScale }
        public var badge: Int { 10 * textScale }
        /// From the bottom of the cells: the name line, then the badges.
        public var caption: Int { 6 + line + 5 + badge }
        public var strip: Int { 8 + stripCell + 3 + BitmapFont.glyphHeight }
        var rowGap: Int { 10 * textScale }
    }

    public static let rows = Metrics(cell: 160, padding: 12, gap: 8, textScale: 2, stripCell: 56, tilesPerRow: 1)
    public static let grid = Metrics(cell: 80, padding: 6, gap: 4, textScale: 1, stripCell: 36, tilesPerRow: 2)
    public static let gridThreshold = 24
    public static let wideGridThreshold = 100
    public static let margin = 24
    static let tileGap = 32
    static let packGap = 36
    /// Pack-level diagnostics listed under a pack at most; the rest are counted.
    static let footerLines = 12

    public struct Tile: Sendable {
        public var pack: Int
        /// Index among the pack's items (`PreviewItem.items`).
        public var item: Int
        public var x: Int, y: Int
        public var hasStrip: Bool

        /// The top-left corner of the cell over `background`.
        public func cell(_ background: PreviewBackground, _ metrics: Metrics) -> (x: Int, y: Int) {
            let column = PreviewBackground.allCases.firstIndex(of: background) ?? 0
            return (x + column * (metrics.cell + metrics.gap), y)
        }
    }

    public struct PackBlock: Sendable {
        public var pack: Int
        public var titleY: Int
        public var summaryY: Int
        public var columnTitlesY: Int
        public var footerY: Int
        /// Diagnostics not about one sticker (the catalog, its icon set).
        public var footer: [Diagnostic]
    }

    public var metrics: Metrics
    public var width: Int
    public var height: Int
    public var tiles: [Tile]
    public var blocks: [PackBlock]

    /// Row tiles for small packs, the grid for large ones (three tiles to a row past `wideGridThreshold`,
    /// so the sheet of a big pack stays nearer a page than a scroll).
    public static func metrics(stickerCount: Int) -> Metrics {
        if stickerCount <= gridThreshold { return rows }
        var metrics = grid
        if stickerCount > wideGridThreshold { metrics.tilesPerRow = 3 }
        return metrics
    }

    /// `animated[pack][item]` says which items get a strip of frames.
    public init(report: LintReport, animated: [[Bool]]) {
        let metrics = Self.metrics(stickerCount: report.stickers.count)
        self.metrics = metrics
        width = 2 * Self.margin + metrics.tilesPerRow * metrics.tileWidth + (metrics.tilesPerRow - 1) * Self.tileGap
        tiles = []
        blocks = []
        var y = Self.margin
        for (p, pack) in report.packs.enumerated() {
            let titleY = y
            let summaryY = titleY + BitmapFont.glyphHeight * (metrics.textScale + 1) + 10
            let columnTitlesY = summaryY + metrics.line + 16
            y = columnTitlesY + metrics.line + 8
            let count = animated[p].count
            for rowStart in stride(from: 0, to: count, by: metrics.tilesPerRow) {
                let members = rowStart..<min(count, rowStart + metrics.tilesPerRow)
                let hasStrip = members.contains { animated[p][$0] }
                for s in members {
                    let column = s - rowStart
                    tiles.append(
                        Tile(
                            pack: p, item: s, x: Self.margin + column * (metrics.tileWidth + Self.tileGap), y: y,
                            hasStrip: animated[p][s]))
                }
                y += metrics.cell + metrics.caption + (hasStrip ? metrics.strip : 0) + metrics.rowGap
            }
            let footer = PreviewItem.packDiagnostics(pack)
            let footerY = y
            let shown = min(footer.count, Self.footerLines) + (footer.count > Self.footerLines ? 1 : 0)
            y += shown * (metrics.badge + 4)
            blocks.append(
                PackBlock(
                    pack: p, titleY: titleY, summaryY: summaryY, columnTitlesY: columnTitlesY, footerY: footerY,
                    footer: footer))
            y += Self.packGap
        }
        height = (blocks.isEmpty ? y : y - Self.packGap) + Self.margin
    }
}
