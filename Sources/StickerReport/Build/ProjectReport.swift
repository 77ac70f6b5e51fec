import StickerBuild
import StickerXcode

/// What `build --xcode-project` prints: what the project holds, what was written, what was kept.
public struct ProjectReport {
    let export: XcodeProjectExport
    let outcome: XcodeProjectExport.Outcome

    public init(_ export: XcodeProjectExport, _ outcome: XcodeProjectExport.Outcome) {
        self.export = export
        self.outcome = outcome
    }

    public var text: String {
        let (settings, build, built) = (export.settings, export.build, outcome.build)
        let count = "\(built.stickers) sticker\(built.stickers == 1 ? "" : "s")"
        var lines = [
            "exported \(settings.name) (\(settings.bundleID)) to \(export.folder)/: \(count), "
                + "\(built.sizeClass.rawValue) class (\(built.sizeClass.pixels) px)",
            "  catalog   \(build.catalog)"
                + (outcome.iconFromSticker ? " (app icon made from the first sticker; --icon ART for your own)" : ""),
            "  manifest  \(build.manifest)",
        ]
        if let variants = build.variantsFolder { lines.append("  variants  \(variants)/ (not in the project)") }
        if !outcome.written.isEmpty { lines.append("  wrote     " + outcome.written.joined(separator: ", ")) }
        if !outcome.kept.isEmpty {
            lines.append(
                "  kept      " + outcome.kept.joined(separator: ", ")
                    + " (yours to edit; --force writes them afresh with this run's --bundle-id, --version and team)")
        }
        if built.report.count(.warning) + built.report.count(.error) > 0 {
            lines.append("  lint      \(built.report.countsText) (in the manifest)")
        }
        lines.append("open it in Xcode: open \"\(export.folder)/\(settings.name).xcodeproj\"")
        return lines.joined(separator: "\n")
    }
}
