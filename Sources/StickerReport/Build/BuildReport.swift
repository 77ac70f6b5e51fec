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

extension BuildReport {
    /// A build stopped on lint errors shows them first, as `lint` would, errors only.
    public static func lintErrors(_ failure: PackBuild.Failure, context: ReportContext) -> String? {
        guard case .lintErrors(var report) = failure else { return nil }
        report.packs[0].diagnostics = report.packs[0].diagnostics.filter { $0.severity == .error }
        return TextReporter().render(report, context: context)
    }
}
