import StickerLint
import StickerPreview

/// The self-contained HTML report: needs the preview images made during the lint pass.
public struct HTMLReporter: LintReporter {
    let previews: PreviewCollector?

    public init(previews: PreviewCollector?) { self.previews = previews }

    public func render(_ report: LintReport, context: ReportContext) -> String {
        HTMLReport.render(
            report,
            previews: previews
                ?? PreviewCollector(
                    options: .init(cellInner: 1, stripInner: 1, sheet: false, html: false), classPixels: []),
            toolVersion: context.toolVersion)
    }
}
