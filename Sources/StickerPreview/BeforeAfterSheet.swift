import StickerImage
import StickerResample

/// `fit`'s contact sheet: one row per sticker, a frame before and after (the one scored worst), each over the
/// light and the dark background it is scored on, with the name and what it cost in bytes and score.
public enum BeforeAfterSheet {
    public struct Row: Sendable {
        public var name: String
        /// Lines under the name (two fit the row).
        public var caption: [String]
        public var before: RGBAImage
        public var after: RGBAImage

        public init(name: String, caption: [String], before: RGBAImage, after: RGBAImage) {
            self.name = name
            self.caption = caption
            self.before = before
            self.after = after
        }
    }

    static let cell = 160
    static let gap = 8
    static let textScale = 2
    static let lineHeight = 20
    static let titleHeight = 3 * lineHeight + 4
    static let backgrounds = [Colour(hex: 0xFFFFFF), Colour(hex: 0x1C1C1E)]

    public static func render(_ rows: [Row], limits: DecodeLimits = .default) throws(OutputSizeError) -> RGBAImage {
        let margin = SheetLayout.margin
        let width = 2 * margin + 4 * cell + 4 * gap
        let rowHeight = titleHeight + cell + gap * 2
        let height = 2 * margin + 24 + max(1, rows.count) * rowHeight
        try limits.checkOutput(width: width, height: height)
        var canvas = Canvas(width: width, height: height, fill: ContactSheet.paper)
        let labels = ["before", "", "after", ""]
        for (column, label) in labels.enumerated() where !label.isEmpty {
            canvas.text(label, x: margin + column * (cell + gap), y: margin, scale: textScale, ContactSheet.secondary)
        }
        for (index, row) in rows.enumerated() {
            let top = margin + 24 + index * rowHeight
            canvas.text(row.name, x: margin, y: top, scale: textScale, ContactSheet.ink, maxWidth: width - 2 * margin)
            for (line, text) in row.caption.prefix(2).enumerated() {
                canvas.text(
                    text, x: margin, y: top + (line + 1) * lineHeight, scale: textScale, ContactSheet.secondary,
                    maxWidth: width - 2 * margin)
            }
            for (column, image) in [row.before, row.before, row.after, row.after].enumerated() {
                let x = margin + column * (cell + gap) + (column >= 2 ? gap : 0)
                canvas.fill(x: x, y: top + titleHeight, width: cell, height: cell, backgrounds[column % 2])
                let shown = fitted(image)
                canvas.draw(shown, x: x + (cell - shown.width) / 2, y: top + titleHeight + (cell - shown.height) / 2)
            }
        }
        return canvas.image
    }

    /// The image scaled down (aspect kept) to fit a cell, with the project's resampler.
    static func fitted(_ image: RGBAImage) -> RGBAImage {
        let size = PreviewCollector.fitted(width: image.width, height: image.height, scale: 1, limit: cell)
        guard size.width != image.width || size.height != image.height else { return image }
        return ResamplePlan(
            sourceWidth: image.width, sourceHeight: image.height, width: size.width, height: size.height
        )
        .resize(image)
    }
}
