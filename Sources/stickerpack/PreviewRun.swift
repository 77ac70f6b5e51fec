import StickerCatalog
import StickerImage
import StickerLint
import StickerPreview

/// The lint pass of `preview` and `lint --format html`: each file decoded once, the preview images made
/// from the decoded frames while they are in memory.
enum PreviewRun {
    static func lint(
        _ inputs: [PackInput], configuration: LintConfiguration, sizeClass: SizeClass?, limits: DecodeLimits,
        sheet: Bool, html: Bool, console: ConsoleOptions, verb: String
    ) -> (LintReport, PreviewCollector) {
        let total = inputs.reduce(0) { $0 + $1.stickerPaths.count }
        let metrics = SheetLayout.metrics(stickerCount: total)
        let options = PreviewCollector.Options(
            cellInner: metrics.inner, stripInner: metrics.stripCell - 4, sheet: sheet, html: html)
        let classPixels = PreviewCollector.classPixels(
            of: inputs, configuration: configuration, sizeClass: sizeClass, limits: limits)
        let previews = PreviewCollector(options: options, classPixels: classPixels)
        let progress = console.progress(total: total, verb: verb)
        let report = Linter.lint(
            inputs, configuration: configuration, sizeClass: sizeClass, limits: limits, jobs: console.jobs,
            progress: progress?.callback, consume: previews.consumer)
        progress?.finish()
        return (report, previews)
    }

    static func htmlReport(_ report: LintReport, previews: PreviewCollector) -> String {
        HTMLReport.render(report, previews: previews, toolVersion: Stickerpack.version)
    }
}
