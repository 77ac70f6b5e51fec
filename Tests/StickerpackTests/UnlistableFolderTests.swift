import Foundation
import Testing

/// Folders that cannot be listed (no read permission, so the binary runs as nobody when the tests run as root):
/// each command names the folder and says why, where it used to go on as if the folder were empty.
@Suite("A folder that cannot be listed is named, never taken for an empty one", .permissionErrors)
struct UnlistableFolderTests {
    let root: URL

    init() throws {
        root = try Stickerpack.temporaryDirectory()
    }

    /// A folder of `mode`, made (with `files` from the clean sample) by root before the mode is set.
    @discardableResult
    func folder(_ relative: String, mode: Int = 0o755, files: [String] = []) throws -> URL {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for name in files {
            try FileManager.default.copyItem(
                atPath: Stickerpack.sample("Clean/" + name), toPath: url.appendingPathComponent(name).path)
        }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        return url
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try Stickerpack.run(arguments, bounds: Stickerpack.bounded(), unprivileged: true)
    }

    @Test("lint: a folder inside the pack it cannot list stops it with status 2, naming the folder")
    func lintDiscovery() throws {
        let pack = try folder("Pack", files: ["cat.png"])
        try folder("Pack/more", mode: 0o000)
        let result = try run(["lint", pack.path, "--quiet"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(pack.path)/more: cannot list the folder: permission denied; make it readable, or move it out of "
                    + pack.path), "\(result.stderr)")
    }

    @Test("lint: an Xcode project's folder it cannot search is named, not reported as holding no catalog")
    func projectSearch() throws {
        let project = try folder("App")
        try folder("App/App.xcodeproj")
        try folder("App/Stickers", mode: 0o000)
        let result = try run(["lint", project.path, "--quiet"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("\(project.path)/Stickers: cannot list the folder: permission denied"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("no .xcstickers catalog"), "\(result.stderr)")
    }

    @Test("lint and build: a catalog's pack that cannot be listed is the catalog-unlistable-folder error")
    func catalogPack() throws {
        let catalog = root.appendingPathComponent("S.xcstickers")
        let built = try Stickerpack.run(["build", Stickerpack.sample("Clean"), "-o", catalog.path, "--quiet"])
        #expect(built.status == 0, "\(built.stderr)")
        let pack = catalog.appendingPathComponent("Sticker Pack.stickerpack")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: pack.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pack.path) }

        let lint = try run(["lint", catalog.path, "--format", "json", "--quiet"])
        #expect(lint.status == 1, "\(lint.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any]
        let found = (report?["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["rule"] ?? "") \($0["message"] ?? "")"
        }
        #expect(
            found == ["catalog-unlistable-folder cannot list the folder: permission denied; nothing in it was read"],
            "\(lint.stdout)")

        try folder("out", mode: 0o777)
        let rebuilt = try run(["build", catalog.path, "-o", root.appendingPathComponent("out/T.xcstickers").path])
        #expect(rebuilt.status == 1, "\(rebuilt.stdout)\(rebuilt.stderr)")
        #expect(
            rebuilt.stderr.contains(
                "\(pack.path): cannot list the folder: permission denied; nothing in it was read; make it readable"),
            "\(rebuilt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("out/T.xcstickers").path))
    }

    @Test("build: a sequence folder it cannot list stops the build, instead of a pack without that sequence")
    func sequenceFolder() throws {
        let art = try folder("Art", files: ["cat.png"])
        try folder("Art/wave", mode: 0o000)
        try folder("out", mode: 0o777)
        let output = root.appendingPathComponent("out/S.xcstickers")
        let result = try run(["build", art.path, "-o", output.path, "--quiet"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(art.path)/wave: cannot list the folder: permission denied; make it readable, or move it out of "
                    + art.path), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("build: an output folder it cannot list is not replaced as if it were empty")
    func outputFolder() throws {
        try folder("out", mode: 0o777)
        let output = try folder("out/S.xcstickers")
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))
        // Writable and searchable, not listable: renaming it away would have succeeded.
        try FileManager.default.setAttributes([.posixPermissions: 0o333], ofItemAtPath: output.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output.path) }
        let result = try run(["build", try Stickerpack.sampleForNobody("Clean"), "-o", output.path, "--quiet"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "cannot write \(output.path): cannot list the folder: permission denied; nothing was written"),
            "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
    }

    @Test("build --xcode-project: a folder it cannot list is refused with status 2, nothing written into it")
    func exportFolder() throws {
        try folder("out", mode: 0o777)
        let app = try folder("out/App", mode: 0o333)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app.path) }
        let result = try run([
            "build", try Stickerpack.sampleForNobody("Clean"), "--xcode-project", app.path, "--bundle-id",
            "com.example.cats",
        ])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(app.path): cannot list the folder: permission denied. Nothing was written. Make it readable, or "
                    + "export into a new folder."), "\(result.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.path).isEmpty)
    }

    @Test("frames: a frame of an earlier run it cannot remove is an error, not a stale frame left in the set")
    func staleFrame() throws {
        let out = try folder("frames", mode: 0o777)
        // A read-only folder of the test's in the place of frame 1: it cannot be emptied, so it cannot be removed.
        let stale = try folder("frames/frame-0001.png", mode: 0o555, files: ["cat.png"])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stale.path) }
        let result = try run(["frames", try Stickerpack.sampleForNobody("Clean/cat.png"), "-o", out.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "\(out.path)/frame-0001.png: cannot remove this frame of an earlier run (permission denied)"),
            "\(result.stderr)")
    }
}
