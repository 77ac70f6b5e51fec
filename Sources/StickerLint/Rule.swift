import StickerCatalog

/// The limits and choices the rules check against: Apple's numbers by default, each configurable.
public struct LintSettings: Sendable, Equatable {
    /// Hard limit on a sticker file's size in bytes; a warning from `warnFraction` of it.
    public var byteLimit = 500_000
    public var warnFraction = 0.9
    /// The @3x art bounds.
    public var minSide = 300
    public var maxSide = 618
    /// Delays at or under this many ms are clamped by players.
    public var shortDelayMs: Double = 10
    /// An accessibility label longer than this many characters is cut.
    public var maxLabelLength = 150

    public init() {}
}

/// The pack a sticker belongs to: its size class and where that came from.
public struct PackContext: Sendable {
    public var settings: LintSettings
    public var sizeClass: SizeClass
    public var sizeClassSource: SizeClassSource

    public init(
        settings: LintSettings = LintSettings(), sizeClass: SizeClass = .regular,
        sizeClassSource: SizeClassSource = .defaultClass
    ) {
        self.settings = settings
        self.sizeClass = sizeClass
        self.sizeClassSource = sizeClassSource
    }
}

/// One image of an app icon set as found on disk.
public struct IconImageFacts: Sendable, Equatable {
    public var path: String
    /// "60x45", "1024x1024"
    public var size: String
    public var scale: Int
    public var idiom: String
    /// Pixel size on disk; nil when the file is missing or does not decode.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// The file can carry transparency: a colour type with alpha, or tRNS.
    public var hasAlpha: Bool
    /// Pixels whose alpha is below 255 (the first frame's), so transparent or translucent.
    public var nonOpaquePixels: Int
    public var problem: String?

    public init(
        path: String, size: String, scale: Int, idiom: String, pixelWidth: Int?, pixelHeight: Int?,
        hasAlpha: Bool = false, nonOpaquePixels: Int = 0, problem: String? = nil
    ) {
        self.path = path
        self.size = size
        self.scale = scale
        self.idiom = idiom
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.hasAlpha = hasAlpha
        self.nonOpaquePixels = nonOpaquePixels
        self.problem = problem
    }
}

public struct IconSetFacts: Sendable, Equatable {
    public var path: String
    public var images: [IconImageFacts]

    public init(path: String, images: [IconImageFacts]) {
        self.path = path
        self.images = images
    }
}

/// Everything a lint run looks at: the stickers' facts, what the catalog reader found, the icon sets.
public struct LintPack: Sendable {
    public var stickers: [StickerFacts]
    public var context: PackContext
    public var catalogIssues: [CatalogIssue]
    public var iconSets: [IconSetFacts]

    public init(
        stickers: [StickerFacts], context: PackContext = PackContext(), catalogIssues: [CatalogIssue] = [],
        iconSets: [IconSetFacts] = []
    ) {
        self.stickers = stickers
        self.context = context
        self.catalogIssues = catalogIssues
        self.iconSets = iconSets
    }
}

/// What a rule found: the file, the problem and the fix. Severity defaults to the rule's.
public struct Finding: Sendable, Equatable {
    public var path: String
    public var message: String
    public var hint: String
    public var severity: Severity?

    public init(path: String, message: String, hint: String, severity: Severity? = nil) {
        self.path = path
        self.message = message
        self.hint = hint
        self.severity = severity
    }
}

/// A rule's identity and its own examples: packs that must trigger it and packs that must not.
public struct RuleDescription: Sendable {
    public let identifier: String
    public let name: String
    public let defaultSeverity: Severity
    /// A family of rules that a configuration can turn off or re-grade at once (`catalog`).
    public let group: String?
    /// One line, for `stickerpack rules`, SARIF and the README.
    public let summary: String
    public let triggering: [RuleExample]
    public let nonTriggering: [LintPack]

    init(
        identifier: String, name: String, defaultSeverity: Severity, group: String? = nil, summary: String,
        triggering: [RuleExample], nonTriggering: [LintPack]
    ) {
        self.identifier = identifier
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.group = group
        self.summary = summary
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// Where a finding of a triggering example must point: the sticker file or catalog entry it names, and what its
/// message must say of the place within it (a frame, a size, the entry or file it clashes with).
public struct ExpectedFinding: Sendable, ExpressibleByStringLiteral {
    public let path: String
    public let mentions: [String]

    public init(_ path: String, mentioning mentions: String...) {
        self.path = path
        self.mentions = mentions
    }

    public init(stringLiteral path: String) { self.init(path) }
}

/// A pack that must trigger a rule, and what the rule must find there: each finding's place, in the order the
/// rule reports them, and their severity.
public struct RuleExample: Sendable {
    public let pack: LintPack
    public let expected: [ExpectedFinding]
    /// Every finding's severity; nil for the rule's default.
    public let severity: Severity?

    public init(_ pack: LintPack, at expected: [ExpectedFinding], severity: Severity? = nil) {
        self.pack = pack
        self.expected = expected
        self.severity = severity
    }
}

/// A lint rule: a pure function of the facts.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ pack: LintPack) -> [Finding]
}

/// A rule that looks at one sticker at a time.
public protocol StickerRule: Rule {
    func check(_ sticker: StickerFacts, context: PackContext) -> [Finding]
}

extension StickerRule {
    public func check(_ pack: LintPack) -> [Finding] {
        pack.stickers.flatMap { check($0, context: pack.context) }
    }
}

extension LintPack {
    /// A pack of one sticker, for rule examples.
    public static func sticker(_ facts: StickerFacts, sizeClass: SizeClass = .regular) -> LintPack {
        LintPack(stickers: [facts], context: PackContext(sizeClass: sizeClass))
    }
}

extension StickerFacts {
    /// A clean 408 px PNG sticker with a transparent background: the base of the rules' examples.
    public static func example(
        _ name: String = "cat.png", width: Int = 408, height: Int = 408,
        edit: (inout StickerFacts) -> Void = { _ in }
    ) -> StickerFacts {
        var facts = StickerFacts(
            path: name, bytes: 120_000, format: .png, width: width, height: height, frameCount: 1,
            bitDepth: 8, colorType: .rgba, hasAlphaChannel: true, transparentPixels: width * height / 2,
            borderOpaque: false)
        edit(&facts)
        return facts
    }
}
