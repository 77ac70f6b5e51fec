/// The iMessage app icon set: 13 images, each exactly its size times its scale; no alpha channel in the 1024x1024
/// App Store icon, and no transparent pixels in the others.
import StickerCatalog

public struct AppIconRule: Rule {
    /// The current Xcode template, as `icons` and `build --icon` write it.
    static var required: [IconSetMaker.Slot] { IconSetMaker.slots }

    static func pixels(size: String, scale: Int) -> (Int, Int)? {
        IconSetMaker.Slot.pixels(size: size, scale: scale).map { ($0.width, $0.height) }
    }

    static let completeSet = IconSetFacts(
        path: "Icon.stickersiconset",
        images: required.map {
            let (w, h) = pixels(size: $0.size, scale: $0.scale)!
            return IconImageFacts(
                path: "Icon.stickersiconset/icon-\($0.size)@\($0.scale)x.png", size: $0.size, scale: $0.scale,
                idiom: $0.idiom, pixelWidth: w, pixelHeight: h, hasAlpha: false)
        })

    /// How the missing last image of the set is named in the finding.
    static var missingExample: String {
        let last = required[required.count - 1]
        return "\(last.idiom) \(last.size)@\(last.scale)x"
    }

    /// A pack of the complete set with `edit` applied to each image `which` picks.
    static func edited(_ which: (IconImageFacts) -> Bool, _ edit: (inout IconImageFacts) -> Void) -> LintPack {
        var set = completeSet
        for index in set.images.indices where which(set.images[index]) { edit(&set.images[index]) }
        return LintPack(stickers: [], iconSets: [set])
    }

    static func path(of size: String, scale: Int = 1) -> String {
        completeSet.images.first { $0.size == size && $0.scale == scale }!.path
    }

    public static let description = RuleDescription(
        identifier: "app-icon", name: "App icon", defaultSeverity: .error,
        summary:
            "The .stickersiconset misses one of the 13 sizes, an image's pixels are not its size times its scale, "
            + "or the 1024x1024 App Store icon has an alpha channel (App Store Connect rejects it); "
            + "a warning when another image has transparent pixels.",
        triggering: [
            RuleExample(
                LintPack(
                    stickers: [],
                    iconSets: [IconSetFacts(path: completeSet.path, images: Array(completeSet.images.dropLast()))]),
                at: [.init(completeSet.path, mentioning: "misses 1 of the 13", missingExample)]),
            RuleExample(
                edited({ _ in true }, { $0.pixelWidth = 100 }),
                at: completeSet.images.map { .init($0.path, mentioning: "100 x") }),
            // An alpha channel in the 1024x1024 is an error even when every pixel is opaque.
            RuleExample(
                edited({ $0.size == "1024x1024" }, { $0.hasAlpha = true }),
                at: [.init(path(of: "1024x1024"), mentioning: "1024x1024", "alpha channel")]),
            // Elsewhere transparent pixels are a warning; the opaque 60x45@2x with an alpha channel is fine.
            RuleExample(
                edited(
                    { ["60x45", "1024x768"].contains($0.size) },
                    {
                        $0.hasAlpha = true
                        $0.nonOpaquePixels = $0.scale == 2 ? 0 : 12
                    }),
                at: [
                    .init(path(of: "60x45", scale: 3), mentioning: "60x45@3x", "12 pixels"),
                    .init(path(of: "1024x768"), mentioning: "1024x768@1x", "12 pixels"),
                ],
                severity: .warning),
        ],
        nonTriggering: [
            LintPack(stickers: [], iconSets: [completeSet]),
            // An alpha channel with every pixel opaque is allowed in every image but the 1024x1024.
            edited({ $0.size != "1024x1024" }, { $0.hasAlpha = true }),
        ])

    public init() {}

    public func check(_ pack: LintPack) -> [Finding] {
        pack.iconSets.flatMap(check)
    }

    func check(_ set: IconSetFacts) -> [Finding] {
        var findings: [Finding] = []
        let missing = Self.required.filter { need in
            !set.images.contains { $0.size == need.size && $0.scale == need.scale && $0.idiom == need.idiom }
        }
        if !missing.isEmpty {
            let list = missing.map { need -> String in
                let (w, h) = Self.pixels(size: need.size, scale: need.scale)!
                return "\(need.idiom) \(need.size)@\(need.scale)x (\(w)x\(h) px)"
            }
            findings.append(
                Finding(
                    path: set.path,
                    message:
                        "misses \(missing.count) of the \(Self.required.count) icon images: "
                        + "\(list.joined(separator: ", "))",
                    hint: "make the whole set from one piece of art: stickerpack icons ART -o \"\(set.path)\""))
        }
        for image in set.images {
            if let problem = image.problem {
                findings.append(
                    Finding(path: image.path, message: problem, hint: "regenerate the icon set with stickerpack icons"))
                continue
            }
            guard let (w, h) = Self.pixels(size: image.size, scale: image.scale), let pw = image.pixelWidth,
                let ph = image.pixelHeight
            else { continue }
            if (pw, ph) != (w, h) {
                findings.append(
                    Finding(
                        path: image.path,
                        message: "\(pw) x \(ph) px, but \(image.size) pt @\(image.scale)x needs \(w) x \(h) px",
                        hint: "resize it to \(w) x \(h) px"))
            }
            if let finding = alphaFinding(image, set: set) { findings.append(finding) }
        }
        return findings
    }

    /// Apple rejects an alpha channel only in the 1024x1024 App Store icon (ITMS-90717); the other images may have
    /// one, but no transparent regions (Technical Q&A QA1686).
    func alphaFinding(_ image: IconImageFacts, set: IconSetFacts) -> Finding? {
        let remake = "stickerpack icons ART -o \"\(set.path)\" --background \"#RRGGBB\""
        if image.size == "1024x1024" {
            guard image.hasAlpha else { return nil }
            return Finding(
                path: image.path,
                message: "the 1024x1024 App Store icon has an alpha channel; App Store Connect rejects it (ITMS-90717)",
                hint: "flatten it onto an opaque background and save it without alpha, or remake the set: \(remake)",
                severity: .error)
        }
        guard image.nonOpaquePixels > 0 else { return nil }
        let pixels = image.nonOpaquePixels == 1 ? "1 pixel is" : "\(image.nonOpaquePixels) pixels are"
        return Finding(
            path: image.path,
            message:
                "the \(image.idiom) \(image.size)@\(image.scale)x icon image is not opaque: \(pixels) transparent or "
                + "translucent; an icon may have an alpha channel but no transparent regions",
            hint: "flatten it onto an opaque background, or remake the set opaque: \(remake)",
            severity: .warning)
    }
}
