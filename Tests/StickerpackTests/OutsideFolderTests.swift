import Foundation
import Testing

/// A catalog or folder from an untrusted pull request must not make stickerpack read, or copy into a new
/// catalog, anything outside it: no `..` in a catalog's filenames, no following a symbolic link out of the folder
/// unless --follow-symlinks is given.
@Suite("Nothing outside the folder being read")
struct OutsideFolderTests {
    /// work/outside/secret.png (a valid sticker, so reading it would lint clean) and work/repo, where the art is.
    struct Layout {
        let work: URL
        var secret: URL { work.appendingPathComponent("outside/secret.png") }
        var repo: URL { work.appendingPathComponent("repo") }
        var secretBytes: Data { (try? Data(contentsOf: secret)) ?? Data() }

        init() throws {
            work = try Stickerpack.temporaryDirectory()
            for folder in ["outside", "repo"] {
                try FileManager.default.createDirectory(
                    at: work.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/cat.png"), toPath: secret.path)
        }

        /// A catalog built from the clean pack into repo/, its cat sticker's folder returned.
        func catalog() throws -> (catalog: String, cat: URL) {
            let catalog = repo.appendingPathComponent("S.xcstickers").path
            let built = try Stickerpack.run(["build", Stickerpack.sample("Clean"), "-o", catalog, "--quiet"], in: repo)
            #expect(built.status == 0, "\(built.stderr)")
            let cat = URL(fileURLWithPath: catalog).appendingPathComponent("Sticker Pack.stickerpack/cat.sticker")
            return (catalog, cat)
        }

        /// Every regular file under `folder` whose bytes are the secret's.
        func copiesOfSecret(under folder: String) -> [String] {
            let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            return files.filter { name in
                let path = folder + "/" + name
                var info = stat()
                return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
                    && (try? Data(contentsOf: URL(fileURLWithPath: path))) == secretBytes
            }
        }
    }

    static func lintJSON(_ arguments: [String], in directory: URL? = nil) throws -> (Int32, [[String: Any]], String) {
        let result = try Stickerpack.run(
            ["lint"] + arguments + ["--format", "json", "--quiet"], bounds: Stickerpack.bounded(), in: directory)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (result.status, report?["diagnostics"] as? [[String: Any]] ?? [], result.stdout + result.stderr)
    }

    static func setFilename(_ name: String, in sticker: URL) throws {
        let contents = sticker.appendingPathComponent("Contents.json")
        let text = try String(contentsOf: contents, encoding: .utf8)
            .replacingOccurrences(of: "\"filename\" : \"cat.png\"", with: "\"filename\" : \"\(name)\"")
        try text.write(to: contents, atomically: true, encoding: .utf8)
    }

    @Test(
        "A catalog filename with '..' or '/' is a catalog error: lint, build and variants read and copy nothing",
        arguments: ["../../../../outside/secret.png", "../cat.sticker/cat.png", "sub/cat.png", ".."])
    func traversalInCatalog(_ name: String) throws {
        let layout = try Layout()
        let (catalog, cat) = try layout.catalog()
        try Self.setFilename(name, in: cat)
        let (status, diagnostics, output) = try Self.lintJSON([catalog])
        #expect(status == 1, "\(output)")
        #expect(
            diagnostics.contains {
                $0["rule"] as? String == "catalog-unsafe-filename"
                    && ($0["message"] as? String ?? "").contains("not a file in this folder")
            }, "\(output)")
        #expect(!output.contains("secret.png\","), "the outside file is not in the report")

        let out = layout.work.appendingPathComponent("out.xcstickers").path
        let build = try Stickerpack.run(["build", catalog, "-o", out, "--quiet"], bounds: Stickerpack.bounded())
        #expect(build.status == 1 && build.stderr.contains("not a file in this folder"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let allowed = try Stickerpack.run(
            ["build", catalog, "-o", out, "--allow-errors", "--quiet"], bounds: Stickerpack.bounded())
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(layout.copiesOfSecret(under: out).isEmpty, "the outside file was copied into the new catalog")

        let variants = layout.work.appendingPathComponent("variants").path
        let made = try Stickerpack.run(
            ["variants", catalog, "-o", variants, "--quiet"], bounds: Stickerpack.bounded())
        #expect(made.status == 1 && made.stderr.contains("not a file in this folder"), "\(made.stderr)")
        #expect(layout.copiesOfSecret(under: variants).isEmpty)
    }

    @Test("An absolute filename and a '..' entry in the pack's stickers array are refused too")
    func absoluteAndPackEntry() throws {
        let layout = try Layout()
        let (catalog, cat) = try layout.catalog()
        try Self.setFilename(layout.secret.path, in: cat)
        let pack = URL(fileURLWithPath: catalog).appendingPathComponent("Sticker Pack.stickerpack/Contents.json")
        let text = try String(contentsOf: pack, encoding: .utf8)
            .replacingOccurrences(of: "\"filename\" : \"star.sticker\"", with: "\"filename\" : \"../../x.sticker\"")
        try text.write(to: pack, atomically: true, encoding: .utf8)
        let (status, diagnostics, output) = try Self.lintJSON([catalog])
        #expect(status == 1, "\(output)")
        let messages = diagnostics.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("names \(layout.secret.path)") }, "\(messages)")
        #expect(messages.contains { $0.contains("names ../../x.sticker") }, "\(messages)")
    }

    @Test("A symbolic link out of a catalog is reported and not read; --follow-symlinks reads it")
    func symlinkInCatalog() throws {
        let layout = try Layout()
        let (catalog, cat) = try layout.catalog()
        let image = cat.appendingPathComponent("cat.png")
        try FileManager.default.removeItem(at: image)
        try FileManager.default.createSymbolicLink(at: image, withDestinationURL: layout.secret)
        let (status, diagnostics, output) = try Self.lintJSON([catalog])
        #expect(status == 1, "\(output)")
        #expect(
            diagnostics.contains {
                $0["rule"] as? String == "catalog-outside-link"
                    && ($0["message"] as? String ?? "").contains("--follow-symlinks")
            }, "\(output)")
        let (followed, _, followedOutput) = try Self.lintJSON([catalog, "--follow-symlinks"])
        #expect(followed == 0, "\(followedOutput)")

        let out = layout.work.appendingPathComponent("out.xcstickers").path
        let build = try Stickerpack.run(
            ["build", catalog, "-o", out, "--allow-errors", "--quiet"], bounds: Stickerpack.bounded())
        #expect(build.status == 0, "\(build.stderr)")
        #expect(layout.copiesOfSecret(under: out).isEmpty, "the linked file was copied into the new catalog")
    }

    @Test("A symbolic link out of a folder: a decode-error naming the link, never read; links inside are fine")
    func symlinkInFolder() throws {
        let layout = try Layout()
        let art = layout.repo.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/star.png"), toPath: art.appendingPathComponent("star.png").path)
        try FileManager.default.createSymbolicLink(
            atPath: art.appendingPathComponent("inside.png").path, withDestinationPath: "star.png")
        try FileManager.default.createSymbolicLink(
            at: art.appendingPathComponent("link.png"), withDestinationURL: layout.secret)

        let result = try Stickerpack.run(
            ["lint", art.path, "--format", "json", "--quiet"], bounds: Stickerpack.bounded())
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let link = try #require(files.first { ($0["path"] as? String ?? "").hasSuffix("/link.png") })
        #expect(link["width"] as? Int == nil, "the outside file was decoded: \(link)")
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let errors = diagnostics.filter { $0["severity"] as? String == "error" }
        #expect(errors.count == 1, "\(errors)")
        #expect((errors.first?["path"] as? String ?? "").hasSuffix("/link.png"))
        #expect((errors.first?["message"] as? String ?? "").contains("outside"), "\(errors)")
        let inside = diagnostics.filter { ($0["path"] as? String ?? "").hasSuffix("/inside.png") }
        #expect(
            !inside.contains { $0["severity"] as? String == "error" }, "a link inside the folder is read: \(inside)")

        let (followed, _, followedOutput) = try Self.lintJSON([art.path, "--follow-symlinks"])
        #expect(followed == 0, "\(followedOutput)")

        let out = layout.work.appendingPathComponent("out.xcstickers").path
        let build = try Stickerpack.run(["build", art.path, "-o", out, "--quiet"], bounds: Stickerpack.bounded())
        #expect(build.status == 1 && build.stderr.contains("link.png"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let allowed = try Stickerpack.run(
            ["build", art.path, "-o", out, "--allow-errors", "--quiet"], bounds: Stickerpack.bounded())
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(layout.copiesOfSecret(under: out).isEmpty, "the linked file was copied into the new catalog")

        let variants = layout.work.appendingPathComponent("variants").path
        let made = try Stickerpack.run(
            ["variants", art.path, "-o", variants, "--quiet"], bounds: Stickerpack.bounded())
        #expect(made.status == 1 && made.stderr.contains("link.png"), "\(made.stderr)")
        #expect(!FileManager.default.fileExists(atPath: variants + "/link@3x.png"))
        #expect(FileManager.default.fileExists(atPath: variants + "/star@3x.png"))
    }
}
