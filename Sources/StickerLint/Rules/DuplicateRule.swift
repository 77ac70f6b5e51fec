/// Two stickers with identical pixels: a copy left in the pack.
public struct DuplicateRule: Rule {
    public static let description = RuleDescription(
        identifier: "duplicate", name: "Duplicate", defaultSeverity: .warning,
        summary: "Two stickers have identical pixels (every frame).",
        triggering: [
            RuleExample(
                LintPack(stickers: [
                    .example("a.png") { $0.pixelDigest = "same" }, .example("b.png") { $0.pixelDigest = "same" },
                ]))
        ],
        nonTriggering: [LintPack(stickers: [.example("a.png"), .example("b.png")])])

    public init() {}

    public func check(_ pack: LintPack) -> [Finding] {
        var first: [String: String] = [:]
        var findings: [Finding] = []
        for sticker in pack.stickers {
            guard let digest = sticker.pixelDigest else { continue }
            if let original = first[digest] {
                findings.append(
                    Finding(
                        path: sticker.path, message: "same pixels as \(original)",
                        hint: "remove one of the two, or check that the right art was exported"))
            } else {
                first[digest] = sticker.path
            }
        }
        return findings
    }
}
