import StickerCatalog
import StickerImage
import StickerLint

extension PreviewCollector {
    /// The lint pass of `lint`, `preview` and `lint --format html`: each file decoded once, the preview images
    /// (for the sheet, the HTML report, or neither) made from the decoded frames while they are in memory.
    /// `started` is told how many files there are and may return a callback given each file's path as it is done.
    public static func lint(
        _ inputs: [PackInput], configuration: LintConfiguration, sizeClass: SizeClass?, limits: DecodeLimits,
        sheet: Bool, html: Bool, jobs: Int?, started: (Int) -> (@Sendable (String) -> Void)? = { _ in nil }
    ) -> (LintReport, PreviewCollector?) {
        let total = inputs.reduce(0) { $0 + $1.stickerPaths.count }
        guard sheet || html else {
            let report = Linter.lint(
                inputs, configuration: configuration, sizeClass: sizeClass, limits: limits, jobs: jobs,
                progress: Linter.perFile(started(total)))
            return (report, nil)
        }
        let metrics = SheetLayout.metrics(stickerCount: total)
        let options = Options(cellInner: metrics.inner, stripInner: metrics.stripCell - 4, sheet: sheet, html: html)
        let classPixels = classPixels(of: inputs, configuration: configuration, sizeClass: sizeClass, limits: limits)
        let previews = PreviewCollector(options: options, classPixels: classPixels)
        let report = Linter.lint(
            inputs, configuration: configuration, sizeClass: sizeClass, limits: limits, jobs: jobs,
            progress: Linter.perFile(started(total)), consume: previews.consumer)
        return (report, previews)
    }
}
