import Foundation
import Testing

/// `build --xcode-project`, end to end: the project read back by a parser that is not our writer
/// (Tests/Xcode/check_project.py, over PyPI's openstep-parser), the files on disk, and the second run.
@Suite("stickerpack build --xcode-project, end to end")
struct XcodeProjectTests {
    let clean = Stickerpack.sample("Clean")

    func export(_ source: String, to folder: URL, _ extra: [String] = []) throws -> CommandResult {
        try Stickerpack.run(
            ["build", source, "--xcode-project", folder.path, "--bundle-id", "com.example.cats"] + extra)
    }

    /// The independent checker's verdict on the project in `folder`.
    func check(_ folder: URL, name: String, _ extra: [String] = []) throws -> CommandResult {
        let script = Stickerpack.packageRoot.appendingPathComponent("Tests/Xcode/check_project.py").path
        return try Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, folder.path, name, "com.example.cats"] + extra)
    }

    /// Every file under `folder` by relative path, with its bytes.
    func files(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walk = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in walk {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    @Test("The project holds together when a parser that is not ours reads it, with and without the options")
    func checked() throws {
        let root = try Stickerpack.temporaryDirectory()
        let plain = root.appendingPathComponent("Plain")
        let result = try export(clean, to: plain)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("app icon made from the first sticker"), "\(result.stdout)")
        let verdict = try check(plain, name: "Clean")
        #expect(verdict.status == 0, "\(verdict.stderr)")

        let full = root.appendingPathComponent("Full")
        let options = ["--team", "A1B2C3D4E5", "--version", "2.1", "--build-number", "7"]
        let fullResult = try export(
            clean, to: full,
            ["--name", "Happy Cats", "--lint-phase", "--variants", "--icon", Stickerpack.sample("Clean/star.png")]
                + options)
        #expect(fullResult.status == 0, "\(fullResult.stderr)")
        let fullVerdict = try check(full, name: "Happy Cats", ["--lint-phase"] + options)
        #expect(fullVerdict.status == 0, "\(fullVerdict.stderr)")
        // A name with quotes and letters outside ASCII, quoted and escaped in every file.
        let cyrillic = root.appendingPathComponent("Cyrillic")
        #expect(try export(clean, to: cyrillic, ["--name", "Котики \"2\""]).status == 0)
        let cyrillicVerdict = try check(cyrillic, name: "Котики \"2\"")
        #expect(cyrillicVerdict.status == 0, "\(cyrillicVerdict.stderr)")
        // The checker fails on what it is told to expect and the project does not hold.
        #expect(try check(full, name: "Happy Cats", ["--lint-phase", "--team", "ZZZZZZZZZZ"]).status == 1)
    }

    @Test("The same inputs give the same bytes, wherever the project is written; no absolute path in it")
    func byteIdentical() throws {
        let root = try Stickerpack.temporaryDirectory()
        let (first, second) = (root.appendingPathComponent("A"), root.appendingPathComponent("deeper/B"))
        #expect(try export(clean, to: first).status == 0)
        #expect(try export(clean, to: second).status == 0)
        let (a, b) = (try files(first), try files(second))
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, bytes) in a where path != "manifest.json" { #expect(b[path] == bytes, "\(path)") }
        for path in a.keys where path.hasSuffix(".pbxproj") || path.hasSuffix(".xcscheme") || path.hasSuffix(".plist") {
            let text = String(decoding: a[path]!, as: UTF8.self)
            #expect(!text.contains(root.path) && !text.contains(" = /"), "\(path)")
        }
        #expect(try export(clean, to: first, ["--force"]).status == 0)
        #expect(try files(first) == a)
    }

    @Test("A second run rebuilds the catalog and keeps the project as the user left it; --force writes it afresh")
    func secondRun() throws {
        let root = try Stickerpack.temporaryDirectory()
        let art = root.appendingPathComponent("Cats")
        try FileManager.default.copyItem(atPath: clean, toPath: art.path)
        let folder = root.appendingPathComponent("App")
        #expect(try export(art.path, to: folder, ["--icon", Stickerpack.sample("Clean/star.png")]).status == 0)
        let icon = folder.appendingPathComponent("Cats StickerPackExtension/Stickers.xcstickers")
            .appendingPathComponent("iMessage App Icon.stickersiconset/ios-marketing-1024x768@1x.png")
        let iconBytes = try Data(contentsOf: icon)
        // As Xcode saves it: the comment gone, the user's team set.
        let project = folder.appendingPathComponent("Cats.xcodeproj/project.pbxproj")
        let edited = try String(contentsOf: project, encoding: .utf8)
            .replacingOccurrences(of: "// generated by stickerpack\n", with: "")
            .replacingOccurrences(
                of: "CODE_SIGN_STYLE = Automatic;", with: "CODE_SIGN_STYLE = Automatic; DEVELOPMENT_TEAM = T1;")
        try edited.write(to: project, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: art.appendingPathComponent("star.png"))

        let again = try export(art.path, to: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("kept"), "\(again.stdout)")
        #expect(try String(contentsOf: project, encoding: .utf8) == edited)
        // The icon given the first time is not replaced by the first sticker.
        #expect(again.stdout.contains("app icon set kept from the last export"), "\(again.stdout)")
        #expect(try Data(contentsOf: icon) == iconBytes)
        let pack = folder.appendingPathComponent(
            "Cats StickerPackExtension/Stickers.xcstickers/Sticker Pack.stickerpack")
        #expect(!FileManager.default.fileExists(atPath: pack.appendingPathComponent("star.sticker").path))

        // A changed --version on a kept project: kept, and the output says how to apply it.
        let newVersion = try export(art.path, to: folder, ["--version", "2.0"])
        #expect(newVersion.stdout.contains("does not have this run's --version"), "\(newVersion.stdout)")
        #expect(!again.stdout.contains("does not have"), "\(again.stdout)")
        #expect(try String(contentsOf: project, encoding: .utf8) == edited)

        let forced = try export(art.path, to: folder, ["--force"])
        #expect(forced.status == 0 && forced.stdout.contains("written"), "\(forced.stdout)")
        #expect(try check(folder, name: "Cats").status == 0)
    }

    @Test("Bad input: a clear error, exit status 2 (1 for lint errors), and nothing written or overwritten")
    func refusals() throws {
        let root = try Stickerpack.temporaryDirectory()
        let file = root.appendingPathComponent("file")
        try Data("mine".utf8).write(to: file)
        let asFile = try export(clean, to: file)
        #expect(asFile.status == 2 && asFile.stderr.contains("is a file"), "\(asFile.stderr)")
        #expect(try Data(contentsOf: file) == Data("mine".utf8))

        // Someone else's project, not written by stickerpack.
        let theirs = root.appendingPathComponent("Theirs")
        try FileManager.default.createDirectory(
            at: theirs.appendingPathComponent("Clean.xcodeproj"), withIntermediateDirectories: true)
        try Data("// !$*UTF8*$!\n{\n}\n".utf8).write(
            to: theirs.appendingPathComponent("Clean.xcodeproj/project.pbxproj"))
        let before = try files(theirs)
        let foreign = try export(clean, to: theirs, ["--force"])
        #expect(foreign.status == 2 && foreign.stderr.contains("was not written by stickerpack"), "\(foreign.stderr)")
        #expect(try files(theirs) == before)

        // A folder of other files, and an export of another name.
        let busy = root.appendingPathComponent("Busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: busy.appendingPathComponent("notes.txt"))
        let notEmpty = try export(clean, to: busy)
        #expect(notEmpty.status == 2 && notEmpty.stderr.contains("not empty"), "\(notEmpty.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: busy.path) == ["notes.txt"])
        let dogs = root.appendingPathComponent("Dogs")
        #expect(try export(clean, to: dogs, ["--name", "Dogs"]).status == 0)
        let renamed = try export(clean, to: dogs, ["--name", "dogs"])
        #expect(renamed.status == 2 && renamed.stderr.contains("--name Dogs"), "\(renamed.stderr)")

        let unused = root.appendingPathComponent("Unused")
        let badID = try Stickerpack.run(["build", clean, "--xcode-project", unused.path, "--bundle-id", "com.cat_pack"])
        #expect(badID.status == 2 && badID.stderr.contains("Try --bundle-id com.cat-pack"), "\(badID.stderr)")
        let noID = try Stickerpack.run(["build", clean, "--xcode-project", unused.path])
        #expect(noID.status == 2 && noID.stderr.contains("--bundle-id"), "\(noID.stderr)")
        let withOutput = try export(clean, to: unused, ["-o", root.appendingPathComponent("x.xcstickers").path])
        #expect(withOutput.status == 2, "\(withOutput.stderr)")
        let lintErrors = try export(Stickerpack.sample("Problems"), to: unused)
        #expect(lintErrors.status == 1 && lintErrors.stderr.contains("Nothing was written"), "\(lintErrors.stderr)")
        #expect(!FileManager.default.fileExists(atPath: unused.path))
    }

    @Test("lint and build take the exported folder or its .xcodeproj and find the catalog, not the variants")
    func readBack() throws {
        let root = try Stickerpack.temporaryDirectory()
        let folder = root.appendingPathComponent("App")
        #expect(try export(clean, to: folder, ["--variants"]).status == 0)
        for input in [folder.path, folder.appendingPathComponent("Clean.xcodeproj").path] {
            let lint = try Stickerpack.run(["lint", input, "--format", "json"])
            #expect(lint.status == 0, "\(lint.stdout)")
            #expect(lint.stdout.contains("Stickers.xcstickers") && !lint.stdout.contains("Variants"), "\(lint.stdout)")
        }
        let rebuilt = root.appendingPathComponent("Rebuilt.xcstickers")
        let build = try Stickerpack.run(["build", folder.path, "-o", rebuilt.path])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("3 stickers"), "\(build.stdout)")
    }
}
