import Foundation
import Testing

@testable import StickerCatalog

@Suite("Reading catalogs as Xcode does")
struct CatalogReaderTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SamplePacks").path

    @Test("The problem sample catalog: its packs, entries and each kind of issue it was made with")
    func problemCatalog() {
        let catalog = CatalogReader.read(Self.samples + "/Problems.xcstickers")
        #expect(catalog.packs.count == 1)
        #expect(catalog.iconSets.count == 1)
        let kinds = catalog.issues.reduce(into: [CatalogIssue.Kind: Int]()) { $0[$1.kind, default: 0] += 1 }
        #expect(
            kinds == [
                .stickerUnlisted: 2, .labelTooLong: 1, .stickerMissing: 1, .unknownKey: 1,
                .gridSizeMissing: 1, .sequenceEmptyFrame: 1,
            ])
        let entries = catalog.packs[0].entries
        #expect(entries.contains { $0.kind == .sequence && $0.imagePaths.count > 1 })
        #expect(entries.filter { !$0.listed }.count == 2)
    }

    /// A catalog written on disk from (path, contents) pairs; images are one byte each.
    static func catalog(_ files: [String: String], images: [String] = []) throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("reader-\(UUID().uuidString)/S.xcstickers").path
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        for image in images { FileManager.default.createFile(atPath: root + "/" + image, contents: Data([0])) }
        return root
    }

    static let info = #""info":{"author":"xcode","version":1}"#

    @Test("Each kind of broken Contents.json is one issue of its kind, with the file it is in")
    func brokenContents() throws {
        let root = try Self.catalog(
            [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json":
                    #"{\#(Self.info),"properties":{"grid-size":"huge"},"stickers":"#
                    + #"[{"filename":"a.sticker"},{"filename":"a.sticker"},{},{"filename":"s.stickersequence"}]}"#,
                "P.stickerpack/a.sticker/Contents.json": #"{\#(Self.info),"properties":{"filename":"gone.png"}}"#,
                "P.stickerpack/s.stickersequence/Contents.json":
                    #"{\#(Self.info),"properties":{"duration-type":"slow"},"frames":[]}"#,
                "P.stickerpack/b.sticker/Contents.json": "not json",
            ])
        let issues = CatalogReader.read(root).issues
        let kinds = issues.map(\.kind)
        for kind: CatalogIssue.Kind in [
            .gridSizeInvalid, .stickerListedTwice, .stickerListInvalid, .imageMissing, .sequenceInvalid,
            .contentsJSON, .stickerUnlisted,
        ] {
            #expect(kinds.contains(kind), "\(kind) in \(issues.map(\.message))")
        }
        #expect(kinds.filter { $0 == .sequenceInvalid }.count == 2, "a bad duration-type and no frames")
        let notJSON = try #require(issues.first { $0.kind == .contentsJSON })
        #expect(notJSON.path.hasSuffix("b.sticker/Contents.json") && notJSON.message.contains("not valid JSON"))
        #expect(issues.allSatisfy { !$0.message.isEmpty && !$0.hint.isEmpty })
    }

    @Test("An empty catalog holds no pack; a pack without a stickers array has no order")
    func emptyAndUnordered() throws {
        let empty = try Self.catalog(["Contents.json": "{\(Self.info)}"])
        #expect(CatalogReader.read(empty).issues.map(\.kind) == [.noPack])
        let unordered = try Self.catalog(
            [
                "Contents.json": "{\(Self.info)}",
                "P.stickerpack/Contents.json": #"{\#(Self.info),"properties":{"grid-size":"regular"}}"#,
                "P.stickerpack/a.sticker/Contents.json": #"{\#(Self.info),"properties":{"filename":"a.png"}}"#,
            ], images: ["P.stickerpack/a.sticker/a.png"])
        #expect(CatalogReader.read(unordered).issues.map(\.kind) == [.stickerListMissing])
    }
    @Test("A pack that cannot be listed is one issue naming it, not a pack without Contents.json or stickers")
    func unlistablePack() throws {
        // A file where the pack's folder should be: listing fails for root too (permission bits would not).
        let root = try Self.catalog(["Contents.json": "{\(Self.info)}", "P.stickerpack": "not a folder"])
        let catalog = CatalogReader.read(root)
        #expect(catalog.issues.map(\.kind) == [.unlistableFolder], "\(catalog.issues.map(\.message))")
        #expect(catalog.issues.first?.path == root + "/P.stickerpack")
        #expect(
            catalog.issues.first?.message
                == "cannot list the folder: it is a file, not a folder; nothing in it was read")
        #expect(catalog.issues.allSatisfy { $0.leftUnread })
        // The pack stays, empty, so a build from the catalog stops on the issue rather than on "no sticker pack".
        #expect(catalog.packs.map(\.path) == [root + "/P.stickerpack"])
    }
}
