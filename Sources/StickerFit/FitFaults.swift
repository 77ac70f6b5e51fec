import StickerImage
import StickerLint

/// Which of lint's errors on bytes, sides and format a file has: `fit` touches only files with one.
struct FitFaults {
    var bytes: Bool
    var sides: Bool
    var name: Bool

    var any: Bool { bytes || sides || name }

    /// Through the lint rules themselves, so "already fits" means what `stickerpack lint` says. A file in
    /// the 90 % warning band has no error, so it is not shrunk.
    init(path: String, byteCount: Int, image: DecodedImage, byteLimit: Int) {
        var settings = LintSettings()
        settings.byteLimit = byteLimit
        let context = PackContext(settings: settings)
        let facts = StickerFacts(
            path: path, bytes: byteCount, format: image.format, width: image.width, height: image.height,
            frameCount: image.frames.count, delaysMs: image.delaysMs)
        func fails(_ rule: some StickerRule) -> Bool {
            rule.check(facts, context: context).contains {
                ($0.severity ?? type(of: rule).description.defaultSeverity) == .error
            }
        }
        bytes = fails(FileSizeRule())
        sides = fails(DimensionsRule())
        name = fails(ExtensionMismatchRule())
    }
}
