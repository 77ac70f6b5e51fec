import Foundation
import StickerCatalog
import StickerImage

/// The result of linting one pack.
public struct PackReport: Sendable {
    public var name: String
    public var context: PackContext
    public var stickers: [StickerFacts]
    public var diagnostics: [Diagnostic]
    /// The `.stickersequence` folder of each frame of a sequence, and each sequence's frame delay in ms.
    public var sequenceOf: [String: String] = [:]
    public var sequenceFrameMs: [String: Double] = [:]
}

extension Array where Element == Diagnostic {
    public func count(_ severity: Severity) -> Int { filter { $0.severity == severity }.count }
}

public struct LintReport: Sendable {
    public var packs: [PackReport]

    public var stickers: [StickerFacts] { packs.flatMap(\.stickers) }
    public var diagnostics: [Diagnostic] { packs.flatMap(\.diagnostics) }

    public func count(_ severity: Severity) -> Int { diagnostics.count(severity) }
}

/// Lint in two phases: prepare (read and decode every file once, keep facts keyed by pack and sticker, no pixels)
/// and judge (every enabled rule over the facts; no file is read).
public enum Linter {
    /// Both phases. `consume` sees each decoded image during the prepare phase, before it is dropped.
    public static func lint(
        _ inputs: [PackInput], configuration: LintConfiguration, sizeClass: SizeClass? = nil,
        limits: DecodeLimits = .default, jobs: Int? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int, _ path: String) -> Void)? = nil,
        consume: DecodedImageConsumer? = nil
    ) -> LintReport {
        judge(
            prepare(inputs, limits: limits, jobs: jobs, progress: progress, consume: consume),
            configuration: configuration, sizeClass: sizeClass)
    }

    /// A `progress` callback for callers that are told only each file's path as it is done.
    public static func perFile(_ done: (@Sendable (String) -> Void)?) -> (@Sendable (Int, Int, String) -> Void)? {
        guard let done else { return nil }
        return { @Sendable _, _, path in done(path) }
    }

    /// The judge phase: rules over the prepared facts, pack by pack.
    public static func judge(_ prepared: PreparedPacks, configuration: LintConfiguration, sizeClass: SizeClass? = nil)
        -> LintReport
    {
        LintReport(packs: prepared.packs.map { judge($0, configuration: configuration, sizeClass: sizeClass) })
    }

    static func judge(_ prepared: PreparedPack, configuration: LintConfiguration, sizeClass: SizeClass?) -> PackReport {
        let input = prepared.input
        let stickers = prepared.stickers
        let context = packContext(input, stickers: stickers, configuration: configuration, sizeClass: sizeClass)
        let pack = LintPack(
            stickers: stickers, context: context, catalogIssues: input.catalogIssues, iconSets: prepared.iconSets)
        var diagnostics: [Diagnostic] = []
        for rule in RuleRegistry.all {
            let description = rule.description
            let setting = configuration.setting(for: description)
            if setting == .off { continue }
            for finding in rule.init().check(pack) {
                var severity = finding.severity ?? description.defaultSeverity
                if case .severity(let configured)? = setting { severity = configured }
                diagnostics.append(
                    Diagnostic(
                        rule: description.identifier, severity: severity, path: finding.path,
                        message: finding.message, hint: finding.hint))
            }
        }
        return PackReport(
            name: input.name, context: context, stickers: stickers,
            diagnostics: sorted(diagnostics, order: stickers.map(\.path)),
            sequenceOf: input.sequenceOf, sequenceFrameMs: input.sequenceFrameMs)
    }

    /// The pack's size class and where it came from: --size-class, the configuration, the catalog's grid-size,
    /// else the most common sticker size (only the sizes of `stickers` are read).
    public static func packContext(
        _ input: PackInput, stickers: [StickerFacts], configuration: LintConfiguration,
        sizeClass: SizeClass?
    ) -> PackContext {
        var context = PackContext(settings: configuration.settings)
        if let sizeClass {
            (context.sizeClass, context.sizeClassSource) = (sizeClass, .commandLine)
        } else if let configured = configuration.sizeClass {
            let file = configuration.source.map { ($0 as NSString).lastPathComponent }
            (context.sizeClass, context.sizeClassSource) = (configured, .configuration(file: file))
        } else if let grid = input.gridSize {
            (context.sizeClass, context.sizeClassSource) = (grid, .catalogGridSize)
        } else if let common = mostCommonSide(stickers) {
            (context.sizeClass, context.sizeClassSource) = (SizeClass.nearest(to: common), .mostCommonSize)
        }
        return context
    }

    /// Stable order: by file in pack order (other paths after, by name), then severity, then rule.
    static func sorted(_ diagnostics: [Diagnostic], order: [String]) -> [Diagnostic] {
        var position: [String: Int] = [:]
        for (index, path) in order.enumerated() where position[path] == nil { position[path] = index }
        let rules = RuleRegistry.identifiers
        return diagnostics.enumerated().sorted { a, b in
            let pa = position[a.element.path] ?? Int.max
            let pb = position[b.element.path] ?? Int.max
            if pa != pb { return pa < pb }
            if a.element.path != b.element.path { return a.element.path < b.element.path }
            if a.element.severity != b.element.severity { return a.element.severity > b.element.severity }
            let ra = rules.firstIndex(of: a.element.rule) ?? 0
            let rb = rules.firstIndex(of: b.element.rule) ?? 0
            if ra != rb { return ra < rb }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// The long side most stickers share, for inferring the size class.
    static func mostCommonSide(_ stickers: [StickerFacts]) -> Int? {
        var counts: [Int: Int] = [:]
        for sticker in stickers {
            if let w = sticker.width, let h = sticker.height { counts[max(w, h), default: 0] += 1 }
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    /// Icon images decoded for their pixel size, whether they can carry alpha and how many pixels are not opaque.
    static func iconFacts(_ set: IconSetFolder) -> IconSetFacts {
        IconSetFacts(
            path: set.path,
            images: set.images.map { entry in
                var facts = IconImageFacts(
                    path: set.path + "/" + (entry.filename ?? ""), size: entry.size, scale: entry.scale,
                    idiom: entry.idiom, pixelWidth: nil, pixelHeight: nil)
                guard let name = entry.filename else {
                    facts.path = set.path
                    facts.problem = "the \(entry.idiom) \(entry.size) pt @\(entry.scale)x slot has no image"
                    return facts
                }
                do {
                    let image = try ImageDecoder.decodeFile(at: facts.path)
                    facts.pixelWidth = image.width
                    facts.pixelHeight = image.height
                    facts.hasAlpha = image.encoding.hasAlphaChannel
                    facts.nonOpaquePixels = image.frames.first?.image.nonOpaquePixelCount ?? 0
                } catch {
                    facts.problem = "\(name): \(error)"
                }
                return facts
            })
    }
}

/// Counts finished and decoded files across worker threads and reports each step.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    let total: Int
    let report: (@Sendable (Int, Int, String) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int, String) -> Void)?) {
        self.total = total
        self.report = report
    }

    /// Files decoded so far (a refused or unreadable file is counted done, not decoded).
    private(set) var decodes = 0

    func increment(_ path: String, decoded: Bool) {
        lock.lock()
        done += 1
        if decoded { decodes += 1 }
        let now = done
        lock.unlock()
        report?(now, total, path)
    }
}
