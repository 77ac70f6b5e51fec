import ArgumentParser
import Foundation
import StickerSupport

@main
struct Stickerpack: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "stickerpack",
        abstract: "Check, convert and package iMessage sticker packs.",
        discussion: """
            Decodes PNG, APNG, GIF and JPEG stickers through libpng, giflib and libjpeg-turbo, and tells what each \
            file holds before App Store review does.

            Examples:
              stickerpack lint Stickers/
              stickerpack preview Stickers/ -o sheet.png --html report.html
              stickerpack build Art/ -o Stickers.xcstickers --icon icon.png
              stickerpack variants Stickers/ -o Variants
              stickerpack icons art.png -o "iMessage App Icon.stickersiconset"
              stickerpack info SamplePacks/Clean/*.png
              stickerpack frames wave.png -o wave-frames
              stickerpack compare big.gif fitted/big.gif
              stickerpack fit Stickers/ -o Fitted
            """,
        version: version,
        subcommands: [
            LintCommand.self, PreviewCommand.self, BuildCommand.self, VariantsCommand.self, IconsCommand.self,
            ResizeCommand.self, InfoCommand.self, FitCommand.self, CompareCommand.self, FramesCommand.self,
            RulesCommand.self,
        ]
    )

    /// Usage errors exit 2 (ArgumentParser's default is 64); failures of the work exit 1.
    static func main() {
        Platform.keepFreedMemory()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitStatus.usage)
            }
            exit(withError: error)
        }
    }
}
