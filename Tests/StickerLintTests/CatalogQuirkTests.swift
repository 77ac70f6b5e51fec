import Foundation
import Testing

@testable import StickerCatalog
@testable import StickerLint

/// Real catalogs break the format in known ways (docs/sticker-rules.md). Each quirk is built here on disk,
/// read without a crash, and reported by the `catalog` rule.
@Suite("Catalog quirks from real projects")
struct CatalogQuirkTests {
    static let png = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("SamplePacks/Clean/cat.png")

    /// A catalog folder with the given Contents.json texts (path -> JSON) and a cat.png copied where named.
    func catalog(_ name: String = "Stickers.xcstickers", files: [String: String], images: [String] = []) throws
        -> String
    {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quirk-\(UUID().uuidString)/\(name)")
        for (path, json) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try json.write(to: url, atomically: true, encoding: .utf8)
        }
        for image in images {
            let url = root.appendingPathComponent(image)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.png, to: url)
        }
        return root.path
    }

    static let info = #""info":{"author":"xcode","version":1}"#
    static let cat = #"{\#(info),"properties":{"filename":"cat.png"}}"#

    func catalogMessages(_ path: String) -> [String] {
        let inputs = InputDiscovery.catalogPacks(CatalogReader.read(path), configuration: LintConfiguration())
        let report = Linter.lint(inputs, configuration: LintConfiguration())
        return report.diagnostics.filter { $0.rule.hasPrefix("catalog-") }.map(\.message)
    }

    @Test("A pack with no stickers array: its folders are still read, the missing order reported")
    func noStickersArray() throws {
        let path = try catalog(
            files: [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json": #"{\#(Self.info),"properties":{"grid-size":"regular"}}"#,
                "P.stickerpack/cat.sticker/Contents.json": Self.cat,
            ],
            images: ["P.stickerpack/cat.sticker/cat.png"])
        let read = CatalogReader.read(path)
        #expect(read.packs.first?.entries.map(\.name) == ["cat.sticker"])
        #expect(catalogMessages(path).contains { $0.contains("no stickers array") })
    }

    @Test("An .xcassets root holding the sticker pack is read like an .xcstickers")
    func xcassetsRoot() throws {
        let path = try catalog(
            "Assets.xcassets",
            files: [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json":
                    #"{\#(Self.info),"properties":{"grid-size":"small"},"stickers":[{"filename":"cat.sticker"}]}"#,
                "P.stickerpack/cat.sticker/Contents.json": Self.cat,
            ],
            images: ["P.stickerpack/cat.sticker/cat.png"])
        let read = CatalogReader.read(path)
        #expect(read.packs.first?.gridSize == .small)
        #expect(read.packs.first?.entries.first?.imagePaths.count == 1)
        #expect(read.issues.isEmpty, "\(read.issues)")
    }

    /// A regular pack listing one sequence, w.stickersequence.
    static let sequencePack =
        #"{\#(info),"properties":{"grid-size":"regular"},"stickers":[{"filename":"w.stickersequence"}]}"#

    @Test("Misspelled keys (grid-space, repetions) are reported with the right spelling")
    func misspelledKeys() throws {
        let path = try catalog(
            files: [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json":
                    #"{\#(Self.info),"properties":{"grid-space":"regular"},"#
                    + #""stickers":[{"filename":"w.stickersequence"}]}"#,
                "P.stickerpack/w.stickersequence/Contents.json":
                    #"{\#(Self.info),"properties":{"duration":15,"duration-type":"fps","repetions":0},"#
                    + #""frames":[{"filename":"cat.png"}]}"#,
            ], images: ["P.stickerpack/w.stickersequence/cat.png"])
        let messages = catalogMessages(path)
        #expect(messages.contains { $0.contains("'grid-space'") && $0.contains("did you mean 'grid-size'") })
        #expect(messages.contains { $0.contains("'repetions'") && $0.contains("did you mean 'repetitions'") })
    }

    @Test("Float durations such as 0.59999999999999998 are read as numbers, without a diagnostic")
    func floatDuration() throws {
        let path = try catalog(
            files: [
                "Contents.json": "{\(Self.info)}", "P.stickerpack/Contents.json": Self.sequencePack,
                "P.stickerpack/w.stickersequence/Contents.json":
                    #"{\#(Self.info),"properties":{"duration":0.59999999999999998,"duration-type":"fixed","#
                    + #""repetitions":0},"frames":[{"filename":"cat.png"}]}"#,
            ], images: ["P.stickerpack/w.stickersequence/cat.png"])
        let read = CatalogReader.read(path)
        let timing = try #require(read.packs.first?.entries.first?.timing)
        #expect(abs(timing.duration - 0.6) < 1e-9 && timing.kind == .fixed)
        #expect(read.issues.isEmpty, "\(read.issues)")
    }

    @Test("An empty {} frame entry is skipped and reported")
    func emptyFrameEntry() throws {
        let path = try catalog(
            files: [
                "Contents.json": "{\(Self.info)}", "P.stickerpack/Contents.json": Self.sequencePack,
                "P.stickerpack/w.stickersequence/Contents.json":
                    #"{\#(Self.info),"properties":{"duration":15,"duration-type":"fps"},"#
                    + #""frames":[{"filename":"cat.png"},{}]}"#,
            ], images: ["P.stickerpack/w.stickersequence/cat.png"])
        #expect(CatalogReader.read(path).packs.first?.entries.first?.imagePaths.count == 1)
        #expect(catalogMessages(path).contains { $0.contains("frames[1] is empty") })
    }

    @Test("Sticker folders on disk that the pack does not list are read and reported")
    func unlistedFolders() throws {
        let path = try catalog(
            files: [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json":
                    #"{\#(Self.info),"properties":{"grid-size":"regular"},"stickers":[{"filename":"cat.sticker"}]}"#,
                "P.stickerpack/cat.sticker/Contents.json": Self.cat,
                "P.stickerpack/extra.sticker/Contents.json": Self.cat,
            ], images: ["P.stickerpack/cat.sticker/cat.png", "P.stickerpack/extra.sticker/cat.png"])
        #expect(CatalogReader.read(path).packs.first?.entries.map(\.name) == ["cat.sticker", "extra.sticker"])
        #expect(catalogMessages(path).contains { $0.contains("extra.sticker is not listed") })
    }

    @Test("A Contents.json that is not JSON, or is nested 10,000 deep, is an error for that file, not a crash")
    func brokenJSON() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let path = try catalog(files: [
            "Contents.json": "{\(Self.info)}",
            "P.stickerpack/Contents.json": "this is not JSON {",
            "Q.stickerpack/Contents.json": deep,
        ])
        let messages = catalogMessages(path)
        #expect(
            messages.filter { $0.contains("not valid JSON") || $0.contains("not a JSON object") }.count == 2,
            "\(messages)")
    }

    @Test("A Contents.json over 4 MiB is refused by its size, unread, as an error for that file")
    func hugeContents() throws {
        let padding = String(repeating: " ", count: 5 << 20)
        let path = try catalog(files: [
            "Contents.json": "{\(Self.info)}", "P.stickerpack/Contents.json": "{\(Self.info)}\(padding)",
        ])
        let messages = catalogMessages(path)
        #expect(messages.contains { $0.contains("is larger than 4 MiB") }, "\(messages)")
    }
}
