import Foundation
import StickerImage
import Testing

@testable import StickerCatalog
@testable import StickerLint

/// Apple rejects an alpha channel only in the 1024x1024 App Store icon (ITMS-90717); the other icon images may
/// have one, but no transparent regions (Technical Q&A QA1686). Each case is an icon set on disk, read through the
/// catalog and linted as `stickerpack lint` does.
@Suite("The app icon's alpha: an error in the 1024x1024, transparent pixels elsewhere a warning")
struct AppIconAlphaTests {
    /// A catalog holding an opaque icon set made by `icons`, with `replace` (a slot's file name -> PNG bytes)
    /// written over its images; returns the catalog's path.
    func catalog(art: RGBAImage = opaque(64, 48), fit: IconSetMaker.Fit = .contain, replace: [String: [UInt8]] = [:])
        throws -> String
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("icon-alpha-\(UUID().uuidString)")
            .appendingPathComponent("Stickers.xcstickers").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1}}"#.write(
            toFile: root + "/Contents.json", atomically: true, encoding: .utf8)
        let set = root + "/iMessage App Icon.stickersiconset"
        try IconSetMaker.write(art: art, to: set, fit: fit, background: SIMD3(255, 255, 255))
        for (name, bytes) in replace {
            #expect(FileManager.default.fileExists(atPath: set + "/" + name), "no slot \(name)")
            try Data(bytes).write(to: URL(fileURLWithPath: set + "/" + name))
        }
        return root
    }

    /// The app-icon diagnostics of a lint of the catalog.
    func appIcon(_ path: String) -> [Diagnostic] {
        let configuration = LintConfiguration()
        let inputs = InputDiscovery.catalogPacks(CatalogReader.read(path), configuration: configuration)
        return Linter.lint(inputs, configuration: configuration).diagnostics.filter { $0.rule == "app-icon" }
    }

    static func opaque(_ width: Int, _ height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for i in Swift.stride(from: 0, to: image.pixels.count, by: 4) {
            image.pixels[i..<(i + 4)] = [40, UInt8(i / 4 % 200), 90, 255]
        }
        return image
    }

    /// Opaque but for one pixel in the middle, whose alpha is `alpha`.
    static func withHole(_ width: Int, _ height: Int, alpha: UInt8 = 0) -> RGBAImage {
        var image = opaque(width, height)
        image.pixels[((height / 2) * width + width / 2) * 4 + 3] = alpha
        return image
    }

    static let appStore = "ios-marketing-1024x1024@1x.png"
    static let messagesAppStore = "ios-marketing-1024x768@1x.png"
    static let iphone3x = "iphone-60x45@3x.png"

    @Test("A 1024x768 with an alpha channel but every pixel opaque: no error and no warning")
    func opaqueAlphaChannelAllowed() throws {
        let png = try PNGEncoder.encodeRGBA(Self.opaque(1024, 768))
        #expect(try ImageDecoder.decode(png).encoding.hasAlphaChannel, "the file must carry an alpha channel")
        let small = try PNGEncoder.encodeRGBA(Self.opaque(180, 135))
        let path = try catalog(replace: [Self.messagesAppStore: png, Self.iphone3x: small])
        let found = appIcon(path)
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test(
        "A transparent or translucent pixel in the 1024x768 or the 180x135: a warning naming the slot",
        arguments: [(messagesAppStore, 1024, 768, "1024x768@1x"), (iphone3x, 180, 135, "60x45@3x")])
    func transparentPixelWarns(_ name: String, _ width: Int, _ height: Int, _ slot: String) throws {
        for alpha: UInt8 in [0, 128] {
            let path = try catalog(replace: [name: PNGEncoder.encodeRGBA(Self.withHole(width, height, alpha: alpha))])
            let found = appIcon(path)
            #expect(found.count == 1, "\(found.map(\.message))")
            let warning = try #require(found.first)
            #expect(warning.severity == .warning)
            #expect(warning.path.hasSuffix("/" + name))
            #expect(warning.message.contains(slot) && warning.message.contains("1 pixel is transparent"))
            #expect(warning.hint.contains("opaque background") && warning.hint.contains("--background"))
        }
    }

    @Test("An alpha channel in the 1024x1024, opaque or not, an RGBA colour type or tRNS: an error")
    func appStoreAlphaIsAnError() throws {
        let rgba = try PNGEncoder.encodeRGBA(Self.opaque(1024, 1024))
        // Two colours and a transparent pixel: a palette or a colour key, so the alpha is in tRNS.
        var keyed = RGBAImage(width: 1024, height: 1024)
        for i in Swift.stride(from: 0, to: keyed.pixels.count, by: 4) { keyed.pixels[i..<(i + 4)] = [9, 9, 9, 255] }
        keyed.pixels[3] = 0
        let trns = try PNGEncoder.encode(keyed)
        #expect(try PNGChunkWalker.chunks(of: trns).contains { $0.type == "tRNS" })
        for png in [rgba, trns] {
            let found = appIcon(try catalog(replace: [Self.appStore: png]))
            #expect(found.count == 1, "\(found.map(\.message))")
            let error = try #require(found.first)
            #expect(error.severity == .error)
            #expect(error.path.hasSuffix("/" + Self.appStore))
            #expect(error.message.contains("1024x1024") && error.message.contains("alpha channel"))
        }
    }

    @Test("icons from art with transparent margins (--fit contain) writes 13 opaque images that lint clean")
    func iconsOutputLintsClean() throws {
        // Square art, a disc on a transparent background: contain leaves margins, cover the disc's corners.
        let art = TestArt.disc(200)
        for fit in IconSetMaker.Fit.allCases {
            let path = try catalog(art: art, fit: fit)
            let found = appIcon(path)
            #expect(found.isEmpty, "\(fit): \(found.map(\.message))")
            for slot in IconSetMaker.slots {
                let file = path + "/iMessage App Icon.stickersiconset/" + slot.filename
                let image = try ImageDecoder.decodeFile(at: file)
                #expect(!image.encoding.hasAlphaChannel, "\(fit): \(slot.filename) has an alpha channel")
            }
        }
    }
}

enum TestArt {
    /// An opaque disc on a transparent square.
    static func disc(_ side: Int) -> RGBAImage {
        var image = RGBAImage(width: side, height: side)
        let r = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let (dx, dy) = (Double(x) + 0.5 - r, Double(y) + 0.5 - r)
                guard dx * dx + dy * dy < r * r * 0.8 else { continue }
                let i = (y * side + x) * 4
                image.pixels[i..<(i + 4)] = [230, 60, 60, 255]
            }
        }
        return image
    }
}
