import StickerImage
import StickerSupport
import Testing

@testable import StickerFit

@Suite("fit's options as the command line gives them")
struct FitOptionsParsingTests {
    func parse(byteLimit: Int = 500_000, minQuality: Double = 70, allow: String = "palette") throws(PlainFailure)
        -> FitOptions
    {
        try FitOptions(byteLimit: byteLimit, minQuality: minQuality, allowList: allow, sizeClass: nil, limits: .default)
    }

    @Test("Good values pass through; each bad one is a usage failure that names the option")
    func values() throws {
        let options = try parse(byteLimit: 1000, minQuality: 85, allow: "none")
        #expect(options.byteLimit == 1000 && options.minQuality == 85 && options.allowed.isEmpty)
        for (bad, option) in [
            ({ () throws(PlainFailure) in _ = try parse(byteLimit: 0) }, "--byte-limit"),
            ({ () throws(PlainFailure) in _ = try parse(minQuality: 101) }, "--min-quality"),
            ({ () throws(PlainFailure) in _ = try parse(allow: "colours") }, "--allow"),
        ] {
            do throws(PlainFailure) {
                try bad()
                Issue.record("\(option) accepted a bad value")
            } catch {
                #expect(error.isUsage)
                #expect(error.messages.joined().hasPrefix(option), "\(error.messages)")
            }
        }
    }

    @Test("Without --allow an animated GIF may become an APNG; an --allow list without format keeps GIF")
    func formatForAnimations() throws {
        let defaults = try FitOptions(
            byteLimit: 500_000, minQuality: 70, allowList: nil, sizeClass: nil, limits: .default)
        #expect(defaults.formatForAnimations && !defaults.allowed.contains(.format))
        #expect(try !parse(allow: "palette,frames,resize,quality").formatForAnimations)
        #expect(try parse(allow: "palette,format").allowed.contains(.format))
    }
}
