import StickerBuild

/// What `build` prints when the catalog is written: what it holds and where everything went.
public struct BuildReport {
    let build: PackBuild
    let outcome: PackBuild.Outcome

    public init(_ build: PackBuild, _ outcome: PackBuild.Outcome) {
        self.build = build
        self.outcome = outcome
    }

    public var text: String {
        var what = "\(outcome.stickers) sticker\(outcome.stickers == 1 ? "" : "s")"
        if outcome.sequences > 0 { what += " (\(outcome.sequences) sequence\(outcome.sequences == 1 ? "" : "s"))" }
        let size = outcome.sizeClass
        var lines = [
            "built \(build.catalog): \(what), \(size.rawValue) class (\(size.pixels) px)"
                + (build.icon == nil ? "" : ", app icon set"),
            "  manifest  \(build.manifest)",
        ]
        if let variants = build.variantsFolder { lines.append("  variants  \(variants)/") }
        let report = outcome.report
        if report.count(.warning) + report.count(.error) > 0 {
            lines.append(
                "  lint      \(report.countsText) (in the manifest; `stickerpack lint \(build.source)` shows them)")
        }
        return lines.joined(separator: "\n")
    }
}
