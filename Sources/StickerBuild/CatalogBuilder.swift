import Foundation
import StickerCatalog
import StickerImage
import StickerJSON
import StickerLint
import StickerSupport

/// Writes a pack plan as an Xcode sticker catalog, exactly in Xcode's format, and describes it in a manifest.
public struct CatalogBuilder {
    public struct Options: Sendable {
        public var packName = "Sticker Pack"
        public var sizeClass: SizeClass = .regular
        /// The timing of a sequence made from a folder of frames (a catalog's sequences keep their own).
        public var sequenceTiming = SequenceTiming(duration: 15, kind: .fps)
        public var iconArt: RGBAImage?
        public var iconFit: IconSetMaker.Fit = .contain
        /// Without `iconArt`: an icon set folder copied in as it is (an exported project's, kept from its last run).
        public var keptIconSet: String?
        /// The variants, encoded during lint's prepare phase; nil for none.
        public var variants: PreparedVariants?
        /// The variants folder as the manifest names it (the final path, not the temporary one written to).
        public var variantsFolderName = "Variants"
        public var toolVersion = "0"

        public init() {}
    }

    public let plan: PackPlan
    public let options: Options
    /// Lint facts and diagnostics by source path, for the manifest.
    public let facts: [String: StickerFacts]
    public let diagnostics: [Diagnostic]

    public init(plan: PackPlan, options: Options, facts: [String: StickerFacts], diagnostics: [Diagnostic]) {
        self.plan = plan
        self.options = options
        self.facts = facts
        self.diagnostics = diagnostics
    }

    /// The whole build: the catalog as `catalog`, the variants (when `options.variants` is set) as
    /// `options.variantsFolderName`, then the manifest at `manifest`. Each folder is built beside its target and
    /// moved into place when complete, so a failure leaves what was there before; an existing, non-empty folder
    /// is replaced only when `replacing`.
    public func build(catalog: String, manifest manifestPath: String, replacing: Bool) throws {
        let catalogName = (catalog as NSString).lastPathComponent
        var entries: [JSONValue] = []
        let buildCatalog = { (variantsTemp: String?) throws in
            try AtomicDirectory.write(catalog, replacing: replacing) { temp in
                entries = try writeCatalog(into: temp, catalogName: catalogName, variantsFolder: variantsTemp)
            }
        }
        if options.variants != nil {
            try AtomicDirectory.write(options.variantsFolderName, replacing: replacing) { try buildCatalog($0) }
        } else {
            try buildCatalog(nil)
        }
        let json = manifest(entries: entries, catalogName: catalogName)
        try AtomicFileWriter.write(Array(json.serialized().utf8), to: manifestPath)
    }

    /// Writes the catalog into `root` (an empty folder); returns the manifest's entries.
    public func writeCatalog(into root: String, catalogName: String, variantsFolder: String?) throws -> [JSONValue] {
        try write(json: .object([("info", XcodeInfo.value)]), to: root + "/Contents.json")
        let packFolder = root + "/" + options.packName + ".stickerpack"
        try FileManager.default.createDirectory(atPath: packFolder, withIntermediateDirectories: true)
        var entries: [JSONValue] = []
        var listed: [JSONValue] = []
        for item in plan.items {
            let entry = try writeItem(
                item, packFolder: packFolder, catalogName: catalogName, variantsFolder: variantsFolder)
            entries.append(entry.manifest)
            listed.append(.object([("filename", .string(entry.folderName))]))
        }
        try write(
            json: .object([
                ("info", XcodeInfo.value),
                ("properties", .object([("grid-size", .string(options.sizeClass.rawValue))])),
                ("stickers", .array(listed)),
            ]), to: packFolder + "/Contents.json")
        let icons = root + "/iMessage App Icon.stickersiconset"
        if let art = options.iconArt {
            try IconSetMaker.write(art: art, to: icons, fit: options.iconFit, background: SIMD3(255, 255, 255))
        } else if let kept = options.keptIconSet {
            try FileManager.default.copyItem(atPath: kept, toPath: icons)
        }
        return entries
    }

    private func write(json: JSONValue, to path: String) throws {
        try AtomicFileWriter.write(Array(json.serializedForXcode().utf8), to: path)
    }

    /// The catalog file name of an image: the sticker's name and an extension App Store Connect accepts.
    static func catalogFileName(_ source: String, name: String, format: ImageFormat?) -> String {
        name + "." + ImageFormat.fileExtension(for: (source as NSString).lastPathComponent, format: format)
    }

    private func writeItem(
        _ item: PackPlan.Item, packFolder: String, catalogName: String,
        variantsFolder: String?
    ) throws -> (folderName: String, manifest: JSONValue) {
        switch item.source {
        case .file(let source):
            let folderName = item.name + ".sticker"
            let folder = packFolder + "/" + folderName
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let sticker = facts[source]
            let fileName = Self.catalogFileName(source, name: item.name, format: sticker?.format)
            let bytes = try FileBytes.read(source, limit: DecodeLimits.default.maxFileBytes)
            try AtomicFileWriter.write(bytes, to: folder + "/" + fileName)
            try write(
                json: .object([
                    ("info", XcodeInfo.value),
                    (
                        "properties",
                        .object([("accessibility-label", .string(item.label)), ("filename", .string(fileName))])
                    ),
                ]), to: folder + "/Contents.json")
            var variants: [VariantWriter.Output] = []
            if let prepared = options.variants, let variantsFolder {
                variants = try prepared.write(source: source, into: variantsFolder)
            }
            return (
                folderName,
                manifestEntry(
                    item, kind: "sticker",
                    catalogPath: catalogName + "/" + relative(folder, packFolder) + "/" + fileName,
                    sticker: sticker, files: [bytes], variants: variants, variantsFolder: variantsFolder)
            )
        case .frames(_, let files):
            let folderName = item.name + ".stickersequence"
            let folder = packFolder + "/" + folderName
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var frames: [JSONValue] = []
            var contents: [[UInt8]] = []
            for (index, source) in files.enumerated() {
                let fileName = Self.catalogFileName(
                    source, name: "\(item.name)-\(index)", format: facts[source]?.format)
                let bytes = try FileBytes.read(source, limit: DecodeLimits.default.maxFileBytes)
                try AtomicFileWriter.write(bytes, to: folder + "/" + fileName)
                contents.append(bytes)
                frames.append(.object([("filename", .string(fileName))]))
            }
            var properties: [(String, JSONValue)] = [
                ("accessibility-label", .string(item.label)), ("repetitions", .int(0)),
            ]
            let timing = item.timing ?? options.sequenceTiming
            properties += [("duration", .number(timing.duration)), ("duration-type", .string(timing.kind.rawValue))]
            try write(
                json: .object([
                    ("frames", .array(frames)), ("info", XcodeInfo.value), ("properties", .object(properties)),
                ]),
                to: folder + "/Contents.json")
            return (
                folderName,
                manifestEntry(
                    item, kind: "sequence", catalogPath: catalogName + "/" + relative(folder, packFolder),
                    sticker: files.first.flatMap { facts[$0] }, files: contents, variants: [],
                    variantsFolder: nil, frameCount: files.count)
            )
        }
    }

    private func relative(_ folder: String, _ packFolder: String) -> String {
        options.packName + ".stickerpack/" + (folder as NSString).lastPathComponent
    }

    private func manifestEntry(
        _ item: PackPlan.Item, kind: String, catalogPath: String, sticker: StickerFacts?,
        files: [[UInt8]], variants: [VariantWriter.Output], variantsFolder: String?,
        frameCount: Int? = nil
    ) -> JSONValue {
        var hasher = SHA256()
        for bytes in files { hasher.update(bytes) }
        let frames = frameCount ?? sticker?.frameCount ?? 1
        let durationMs: Double
        if kind == "sequence" {
            durationMs = (item.timing ?? options.sequenceTiming).cycleMs(frames: frames) ?? 0
        } else {
            durationMs = sticker?.delaysMs.reduce(0, +) ?? 0
        }
        let itemDiagnostics = diagnostics.filter { d in
            d.path == item.sourcePath || d.path.hasPrefix(item.sourcePath + "/")
        }
        return .object([
            ("name", .string(item.name)),
            ("kind", .string(kind)),
            ("catalogPath", .string(catalogPath)),
            ("sourcePath", .string(item.sourcePath)),
            ("format", .optional(sticker?.format?.rawValue) { .string($0) }),
            ("width", .optional(sticker?.width) { .int($0) }),
            ("height", .optional(sticker?.height) { .int($0) }),
            ("frames", .int(frames)),
            ("durationMs", .number(durationMs)),
            ("loopCount", kind == "sequence" ? .int(0) : .optional(sticker?.loopCount) { .int($0) }),
            ("bytes", .int(files.reduce(0) { $0 + $1.count })),
            ("sha256", .string(hasher.finalizeHex())),
            ("accessibilityLabel", .string(item.label)),
            (
                "variants",
                .array(
                    variants.map { output in
                        .object([
                            ("scale", .int(output.scale)),
                            (
                                "path",
                                .string(options.variantsFolderName + "/" + (output.path as NSString).lastPathComponent)
                            ),
                            ("width", .int(output.width)), ("height", .int(output.height)),
                        ])
                    })
            ),
            (
                "diagnostics",
                .array(
                    itemDiagnostics.map { d in
                        .object([
                            ("rule", .string(d.rule)), ("severity", .string(d.severity.rawValue)),
                            ("message", .string(d.message)),
                        ])
                    })
            ),
        ])
    }

    /// The manifest: stable key order and no timestamps, so two builds of the same input are byte-identical.
    public func manifest(entries: [JSONValue], catalogName: String) -> JSONValue {
        .object([
            ("schemaVersion", .int(1)),
            ("tool", .string("stickerpack \(options.toolVersion)")),
            ("packName", .string(options.packName)),
            ("sizeClass", .string(options.sizeClass.rawValue)),
            ("catalog", .string(catalogName)),
            ("stickers", .array(entries)),
        ])
    }
}
