import ArgumentParser
import Foundation
import StickerCatalog
import StickerImage
import StickerResample

extension IconSetMaker.Fit: ExpressibleByArgument {}

struct IconsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icons",
        abstract: "Make the iMessage app icon set (13 images and Contents.json) from one piece of art.",
        discussion: """
            Art that is not 4:3 is fitted with --fit contain (the whole art, margins of --background) or cover \
            (filled, the overflow cropped). Every image is flattened onto --background and written without an alpha \
            channel: App Store Connect rejects one in the 1024x1024 App Store icon, and Apple asks for no \
            transparent regions in the others. The folder is built beside its target and moved into place when \
            complete; an existing, non-empty one is replaced only with --force.

            Examples:
              stickerpack icons art.png -o "Stickers.xcstickers/iMessage App Icon.stickersiconset"
              stickerpack icons logo.png -o Icons.stickersiconset --fit cover --background "#FFD93B"
            """
    )

    @Argument(help: "The art: PNG, GIF or JPEG (the first frame of an animation).", completion: .file())
    var art: String

    @Option(name: .shortAndLong, help: "The .stickersiconset folder to write.", completion: .directory)
    var output: String

    @Option(help: "How art that is not 4:3 fits: contain or cover.")
    var fit: IconSetMaker.Fit = .contain

    @Option(help: ArgumentHelp("The colour under every icon image, as #RRGGBB.", valueName: "colour"))
    var background: String = "#FFFFFF"

    @Option(help: "The resampling filter.")
    var filter: ResampleFilter = .lanczos3

    @Flag(help: "Replace an existing icon set.")
    var force = false

    @OptionGroup(title: "Decode limits")
    var limitOptions: LimitOptions

    func validate() throws {
        if HexColour.parse(background) == nil {
            throw ValidationError("--background takes a colour as #RRGGBB, not '\(background)'.")
        }
    }

    func run() throws {
        let image = try Console.attempt {
            try IconSetMaker.write(
                artFile: art, to: output, replacing: force, fit: fit, background: HexColour.parse(background)!,
                filter: filter, limits: limitOptions.limits)
        }
        if abs(Double(image.width) / Double(image.height) - 4.0 / 3.0) > 0.01 {
            Console.note(
                "note: the art is \(image.width)x\(image.height), not 4:3; it was fitted with --fit \(fit.rawValue)")
        }
        print("wrote \(IconSetMaker.slots.count) icons and Contents.json to \(output)/")
    }
}
