import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerSupport

/// `preview`: the stickers under `paths` linted, decoded once, drawn into the contact sheet (and the HTML
/// report), and written atomically; nothing is written unless both outputs can be.
public struct PreviewRun: Sendable {
    public var paths: [String]
    public var sheet: String
    public var html: String?
    /// The lint configuration file; nil for the nearest `.stickerpack.yml`.
    public var configurationFile: String?
    public var sizeClass: SizeClass?
    public var limits: DecodeLimits = .default
    public var replacing = false
    public var followSymlinks = false
    public var jobs: Int?
    public var toolVersion = "0"

    public init(paths: [String], sheet: String) {
        self.paths = paths
        self.sheet = sheet
    }

    /// The outputs' names, checked before anything is read: the sheet is a .png, the report an .html.
    public func checkNames() throws(PlainFailure) {
        if (sheet as NSString).pathExtension.lowercased() != "png" {
            throw PlainFailure(
                "The contact sheet is a PNG: name it with .png (-o sheet.png), not '\(sheet)'.", isUsage: true)
        }
        if let html, !["html", "htm"].contains((html as NSString).pathExtension.lowercased()) {
            throw PlainFailure("Name the HTML report with .html (--html report.html), not '\(html)'.", isUsage: true)
        }
    }

    public struct Outcome: Sendable {
        public var report: LintReport
        public var width: Int
        public var height: Int
    }

    /// `started` is told how many stickers there are and may return a callback given each one's path as it is
    /// done.
    public func run(started: (Int) -> (@Sendable (String) -> Void)? = { _ in nil }) throws -> Outcome {
        if !replacing, let existing = ([sheet] + (html.map { [$0] } ?? [])).first(where: fileExists) {
            throw PlainFailure("\(existing) exists; use --force to replace it. Nothing was written.")
        }
        let configuration = try LintConfiguration.forInputs(explicit: configurationFile, inputs: paths)
        let inputs = try InputDiscovery.discover(paths, configuration: configuration, followSymlinks: followSymlinks)
        let (report, collected) = PreviewCollector.lint(
            inputs, configuration: configuration, sizeClass: sizeClass, limits: limits, sheet: true,
            html: html != nil, jobs: jobs, started: started)
        let previews = collected!  // the sheet is asked for, so the images are collected
        if report.stickers.isEmpty {
            throw PlainFailure("no sticker images found in \(paths.joined(separator: ", "))")
        }
        let drawn: (image: RGBAImage, layout: SheetLayout)
        do {
            drawn = try ContactSheet.render(report, previews: previews, limits: limits)
        } catch {
            throw PlainFailure(
                "\(sheet): the contact sheet of \(report.stickers.count) stickers is too large: \(error). "
                    + "Nothing was written."
                    + "\n  hint: preview fewer stickers at a time, or raise --max-side and --max-pixels")
        }
        do {
            let png = try PNGEncoder.encodeOpaque(drawn.image)
            let page = html.map { _ in
                Array(HTMLReport.render(report, previews: previews, toolVersion: toolVersion).utf8)
            }
            try AtomicFileWriter.write(png, to: sheet)
            if let html, let page { try AtomicFileWriter.write(page, to: html) }
        } catch {
            throw PlainFailure("\(error)")
        }
        return Outcome(report: report, width: drawn.image.width, height: drawn.image.height)
    }

    private func fileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
