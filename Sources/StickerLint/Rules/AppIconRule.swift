/// The iMessage app icon set: 13 images, each exactly its size times its scale.
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

    public static let description = RuleDescription(
        identifier: "app-icon", name: "App icon", defaultSeverity: .error,
        summary:
            "The .stickersiconset misses one of the 13 sizes, an image's pixels are not its size times its scale, "
            + "or the App Store icon has alpha (App Store Connect rejects it).",
        triggering: [
            RuleExample(
                LintPack(
                    stickers: [],
                    iconSets: [IconSetFacts(path: completeSet.path, images: Array(completeSet.images.dropLast()))]),
                at: [.init(completeSet.path, mentioning: "misses 1 of the 13", missingExample)]),
            RuleExample(
                LintPack(
                    stickers: [],
                    iconSets: [
                        IconSetFacts(
                            path: completeSet.path,
                            images: completeSet.images.map {
                                var i = $0
                                i.pixelWidth = 100
                                return i
                            })
                    ]),
                at: completeSet.images.map { .init($0.path, mentioning: "100 x") }),
        ],
        nonTriggering: [LintPack(stickers: [], iconSets: [completeSet])])

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
            if image.idiom == "ios-marketing" && image.hasAlpha {
                findings.append(
                    Finding(
                        path: image.path,
                        message: "the App Store icon has an alpha channel; App Store Connect rejects it",
                        hint: "flatten it onto an opaque background", severity: .error))
            }
        }
        return findings
    }
}
