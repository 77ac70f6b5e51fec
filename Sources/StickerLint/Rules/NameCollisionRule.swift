import Foundation
import StickerSupport

/// A Mac's default disk ignores case and Unicode normalisation: two sticker files in one folder whose names
/// differ only so are one file there, and a clone or a copy keeps only one of them.
public struct NameCollisionRule: Rule {
    public static let description = RuleDescription(
        identifier: "name-collision", name: "Name collision", defaultSeverity: .warning,
        summary:
            "Two stickers in one folder have names that differ only in case (or Unicode normalisation), so they "
            + "are one file on a case-insensitive disk (a Mac's default).",
        triggering: [
            RuleExample(
                LintPack(stickers: [.example("Stickers/Cat.png"), .example("Stickers/cat.png")]),
                at: [.init("Stickers/cat.png", mentioning: "Cat.png and cat.png")]),
            // "é" composed (U+00E9) and decomposed (e + U+0301).
            RuleExample(
                LintPack(stickers: [.example("caf\u{E9}.png"), .example("cafe\u{301}.png")]),
                at: ["cafe\u{301}.png"]),
            RuleExample(
                LintPack(stickers: [.example("a/CAT.png"), .example("a/cat.png"), .example("a/Cat.png")]),
                at: [.init("a/cat.png", mentioning: "CAT.png"), .init("a/Cat.png", mentioning: "CAT.png")]),
        ],
        nonTriggering: [
            LintPack(stickers: [.example("a/cat.png"), .example("b/Cat.png")]),
            LintPack(stickers: [.example("cat.png"), .example("cat.gif")]),
        ])

    public init() {}

    public func check(_ pack: LintPack) -> [Finding] {
        NameCollision.pathPairs(pack.stickers.map(\.path)).map { pair in
            let (first, second) = (
                (pair.first as NSString).lastPathComponent, (pair.second as NSString).lastPathComponent
            )
            return Finding(
                path: pair.second,
                message: "\(first) and \(second) differ only in case; on a case-insensitive disk "
                    + "(a Mac's default) they are one file, and a clone or copy keeps only one",
                hint: "rename one of them")
        }
    }
}
