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
            "  catalog   \(build.catalog)" + iconNote,
            "  manifest  \(build.manifest)",
        ]
        if let variants = build.variantsFolder { lines.append("  variants  \(variants)/ (not in the project)") }
        let project = "\(export.folder)/\(settings.name).xcodeproj"
        if outcome.kept.isEmpty {
            lines.append("  project   \(project), its shared scheme and both Info.plist files: written")
        } else if outcome.written.isEmpty {
            lines.append(
                "  project   \(project), its scheme and Info.plist files: kept "
                    + "(yours to edit; --force writes them afresh)")
        } else {
            lines.append("  wrote     " + outcome.written.joined(separator: ", "))
            lines.append("  kept      " + outcome.kept.joined(separator: ", ") + " (--force writes them afresh)")
        }
        if !outcome.differing.isEmpty {
            let options = outcome.differing.joined(separator: ", ")
            lines.append(
                "  note      the kept project file does not have this run's \(options): change them in Xcode, or "
                    + "--force to write the project afresh (your edits to it are lost)")
        }
        if built.report.count(.warning) + built.report.count(.error) > 0 {
            lines.append("  lint      \(built.report.countsText) (in the manifest)")
        }
        lines.append("open it in Xcode: open \"\(export.folder)/\(settings.name).xcodeproj\"")
        return lines.joined(separator: "\n")
    }

    private var iconNote: String {
        switch outcome.icon {
        case .art: return ""
        case .keptSet: return " (app icon set kept from the last export; --icon ART makes a new one)"
        case .firstSticker: return " (app icon made from the first sticker; --icon ART for your own)"
        }
    }
}
