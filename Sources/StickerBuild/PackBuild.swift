import Foundation
import StickerCatalog
import StickerImage
import StickerLint
import StickerSupport

/// A whole `build`: the plan of the source, the optional fit of its over-limit stickers, lint, the icon set,
/// and the catalog, manifest and variants written. The command parses its options into one of these, calls
/// `run`, and reports the outcome; nothing is written unless the whole build succeeds.
public struct PackBuild: Sendable {
    public var source: String
    public var catalog: String
    public var manifest: String
    /// The folder of @3x/@2x/@1x files beside the catalog; nil for none.
    public var variantsFolder: String?
    public var labels: String?
    public var order: String?
    /// The lint configuration file; nil for the nearest `.stickerpack.yml`.
    public var configuration: String?
    /// Where the catalog's app icon set comes from; nil for none.
    public var icon: IconSource?
    public var packName = "Sticker Pack"
    public var sizeClass: SizeClass?
    public var sequenceTiming = SequenceTiming(duration: 15, kind: .fps)
    public var allowErrors = false
    public var replacing = false
    /// Fit the stickers over the byte limit or out of 300-618 px first (into a temporary folder).
    public var fit = false
    public var followSymlinks = false
    public var jobs: Int?
    public var toolVersion = "0"

    public init(source: String, catalog: String, manifest: String) {
        self.source = source
        self.catalog = catalog
        self.manifest = manifest
    }

    /// manifest.json beside the catalog: the manifest's default place.
    public static func manifestBeside(_ catalog: String) -> String {
        let parent = (catalog as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent + "/") + "manifest.json"
    }

    /// "NAME Variants" beside NAME.xcstickers: where `--variants` writes.
    public static func variantsBeside(_ catalog: String) -> String {
        let stem = ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension
        let parent = (catalog as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent + "/") + stem + " Variants"
    }

    /// Where an app icon set comes from.
    public enum IconSource: Sendable, Equatable {
        /// Art, made into the set as `stickerpack icons` makes it.
        case art(String)
        /// An existing set folder, copied in as it is (read before the catalog is replaced).
        case keptSet(String)
        /// The first sticker's (first) frame, as art: an exported project needs a set to build.
        case firstSticker
    }

    /// What was built.
    public struct Outcome: Sendable {
        public var stickers: Int
        public var sequences: Int
        public var sizeClass: SizeClass
        public var report: LintReport
    }

    /// A long step of the build: what it does, and how many files.
    public enum Step: String, Sendable {
        case fitting, linting
    }

    /// `started` is told of each long step and may return a callback given each file's path as it is done;
    /// `note` is given warnings and notes for the person as they arise.
    public func run(
        started: (Step, Int) -> (@Sendable (String) -> Void)? = { _, _ in nil },
        note: (String) -> Void = { _ in }
    ) throws(Failure) -> Outcome {
        var plan: PackPlan
        do {
            plan = try PackPlan.load(source: source, labels: labels, order: order, followSymlinks: followSymlinks)
        } catch {
            throw .source(error)
        }
        let fitted = fit ? try fitSources(&plan, started: started, note: note) : nil
        // cleanup: the fitted files' scratch folder goes whatever happens; a folder left in /tmp harms nothing.
        defer { fitted.map { try? FileManager.default.removeItem(atPath: $0) } }
        for name in plan.unmatched { note("warning: '\(name)' in the order or labels file matches no sticker") }
        if plan.items.isEmpty { throw .noStickers(source) }
        for path in [manifest] + (variantsFolder.map { [$0] } ?? []) where !replacing {
            if FileManager.default.fileExists(atPath: path) { throw .exists(path) }
        }
        let configuration: LintConfiguration
        do {
            configuration = try LintConfiguration.forInputs(explicit: self.configuration, inputs: [source])
        } catch {
            throw .configuration(error)
        }
        let input = plan.lintInput(name: source)
        // Variants are made from lint's decode of each sticker: no file is decoded twice.
        let prepared = variantsFolder.map { _ in PreparedVariants(writer: VariantWriter(), plan: plan) }
        let report = Linter.lint(
            [input], configuration: configuration, sizeClass: sizeClass, jobs: jobs,
            progress: Linter.perFile(started(.linting, input.stickerPaths.count)),
            consume: prepared?.consumer(pack: 0, paths: input.stickerPaths))
        let pack = report.packs[0]
        if report.count(.error) > 0 && !allowErrors { throw .lintErrors(report) }

        var options = CatalogBuilder.Options()
        options.packName = plan.packName ?? packName
        options.sizeClass = pack.context.sizeClass
        options.sequenceTiming = sequenceTiming
        options.toolVersion = toolVersion
        switch icon {
        case .art(let path): options.iconArt = try iconArt(path, fit: options.iconFit)
        case .firstSticker:
            if let path = plan.items.first?.firstImagePath { options.iconArt = try iconArt(path, fit: options.iconFit) }
        case .keptSet(let folder): options.keptIconSet = folder
        case nil: break
        }
        if let variantsFolder {
            options.variants = prepared
            options.variantsFolderName = variantsFolder
        }
        for path in plan.skipped { note("warning: \(path) is left out of the catalog: not a PNG, APNG, GIF or JPEG") }
        let facts = Dictionary(pack.stickers.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let builder = CatalogBuilder(plan: plan, options: options, facts: facts, diagnostics: pack.diagnostics)
        do {
            try builder.build(catalog: catalog, manifest: manifest, replacing: replacing)
        } catch {
            throw .writing("\(error)")
        }
        let sequences = plan.items.filter { if case .frames = $0.source { return true } else { return false } }.count
        return Outcome(
            stickers: plan.items.count, sequences: sequences, sizeClass: options.sizeClass, report: report)
    }

    /// The icon art decoded and checked against the icon set's sizes.
    private func iconArt(_ path: String, fit: IconSetMaker.Fit) throws(Failure) -> RGBAImage {
        let art: RGBAImage
        do {
            art = try ImageDecoder.decodeFile(at: path, limits: .default).frames[0].image
        } catch {
            throw .iconUnreadable(path, error)
        }
        do {
            try IconSetMaker.checkSizes(art: art, fit: fit, limits: .default)
        } catch {
            throw .iconShape(path, error)
        }
        return art
    }
}
