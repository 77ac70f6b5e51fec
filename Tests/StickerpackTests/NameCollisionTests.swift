import Foundation
import Testing

/// Names that differ only in case are two files on Linux and one on a Mac's default disk. The tracked sample
/// packs hold no such pair (a clone on a Mac could not check both out), so each test builds its own.
@Suite("Names that differ only in case: found by lint, refused by fit and variants")
struct NameCollisionTests {
    /// Whether this machine's temporary folder tells `Cat` from `cat` (false on a Mac's default disk).
    static let caseSensitiveDisk: Bool = {
        guard let folder = try? Stickerpack.temporaryDirectory(),
            FileManager.default.createFile(atPath: folder.path + "/probe", contents: Data())
        else { return false }
        return !FileManager.default.fileExists(atPath: folder.path + "/PROBE")
    }()

    static let needsPair = ConditionTrait.enabled(
        if: caseSensitiveDisk, "the pair cannot exist on a case-insensitive disk (a Mac's default)")

    /// A folder holding `Cat.png` and `cat.png` (the clean pack's cat and star), and an empty `out` beside it.
    static func pair() throws -> (folder: String, out: String) {
        let root = try Stickerpack.temporaryDirectory().path
        let folder = root + "/art"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/cat.png"), toPath: folder + "/Cat.png")
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/star.png"), toPath: folder + "/cat.png")
        return (folder, root + "/out")
    }

    static func listing(_ folder: String) -> [String] {
        let walk = FileManager.default.enumerator(atPath: folder)
        return (walk?.compactMap { $0 as? String } ?? []).sorted()
    }

    @Test("lint warns about Cat.png beside cat.png in a plain folder (rule name-collision), exit 0", needsPair)
    func lintWarns() throws {
        let (folder, _) = try Self.pair()
        let result = try Stickerpack.run(["lint", folder, "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let found = (report["diagnostics"] as? [[String: Any]] ?? []).filter {
            $0["rule"] as? String == "name-collision"
        }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?["severity"] as? String == "warning")
        #expect((found.first?["message"] as? String ?? "").contains("Cat.png and cat.png differ only in case"))
    }

    @Test("lint: two sticker folders of a catalog that differ only in case are an error", needsPair)
    func catalogFolders() throws {
        let catalog = try Stickerpack.temporaryDirectory().path + "/S.xcstickers"
        let pack = catalog + "/P.stickerpack"
        let info = #""info":{"author":"xcode","version":1}"#
        var files = [
            catalog + "/Contents.json": "{\(info)}",
            pack + "/Contents.json":
                #"{\#(info),"properties":{"grid-size":"regular"},"stickers":[{"filename":"Cat.sticker"},"#
                + #"{"filename":"cat.sticker"}]}"#,
        ]
        for name in ["Cat", "cat"] {
            files[pack + "/\(name).sticker/Contents.json"] = #"{\#(info),"properties":{"filename":"a.png"}}"#
        }
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            if path.hasSuffix(".sticker/Contents.json") {
                try FileManager.default.copyItem(
                    atPath: Stickerpack.sample("Clean/cat.png"),
                    toPath: (path as NSString).deletingLastPathComponent + "/a.png")
            }
        }
        let result = try Stickerpack.run(["lint", catalog])
        #expect(result.status == 1)
        #expect(result.stdout.contains("catalog-case-collision"), "\(result.stdout)")
        #expect(
            result.stdout.contains("cat.sticker and Cat.sticker differ only in case")
                || result.stdout.contains("Cat.sticker and cat.sticker differ only in case"), "\(result.stdout)")
    }

    @Test("fit and variants refuse Cat.png and cat.png: exit 2, nothing written, inputs kept", needsPair)
    func refusedPair() throws {
        let (folder, out) = try Self.pair()
        let before = Self.listing(folder)
        let runs = [
            ["fit", folder, "-o", out], ["fit", folder, "--in-place"], ["variants", folder, "-o", out],
        ]
        for arguments in runs {
            let result = try Stickerpack.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            let pair = result.stderr.split(separator: "\n").first { $0.contains("differ only in case") } ?? ""
            #expect(pair.contains("/Cat") && pair.contains("/cat"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("nothing was written"), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote \(Self.listing(out))")
            #expect(Self.listing(folder) == before)
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/cat.png"))
                == Data(
                    contentsOf: URL(fileURLWithPath: Stickerpack.sample("Clean/star.png"))))
    }

    /// This one runs on every disk: the output folder holds a name the new one differs from only in case.
    @Test("variants and fit refuse an output whose name differs only in case from a file already there")
    func refusedAgainstExisting() throws {
        let root = try Stickerpack.temporaryDirectory().path
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/cat.png"), toPath: root + "/cat.png")
        for (command, existing) in [("variants", "CAT@2x.png"), ("fit", "CAT.png")] {
            let out = root + "/out-\(command)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try #require(FileManager.default.createFile(atPath: out + "/" + existing, contents: Data([1])))
            let result = try Stickerpack.run([command, root + "/cat.png", "-o", out, "--force"])
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("(already there)"), "\(command): \(result.stderr)")
            #expect(Self.listing(out) == [existing], "\(command) wrote beside \(existing)")
        }
    }
}
