import Foundation
import Testing

/// Writes killed midway or refused by the file system: the target holds the previous output, or nothing, or
/// (for variants, written file by file) only whole files; never a partial one.
@Suite("Killed or refused writes leave the previous output or none")
struct InterruptedWriteTests {
    /// 120 stickers: enough work that a run can be caught while it writes.
    static func bigArt() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("Art")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for copy in 1...40 {
            for name in ["cat.png", "star.png", "wave.png"] {
                try FileManager.default.copyItem(
                    atPath: Stickerpack.sample("Clean/" + name),
                    toPath: dir.appendingPathComponent("s\(copy)-\(name)").path)
            }
        }
        return dir
    }

    /// Starts stickerpack, waits until `started` says writing has begun, then kills it with SIGKILL (no chance
    /// to clean up). Returns false when the run finished first (the 120 stickers make that unlikely).
    static func killMidway(_ arguments: [String], when started: () -> Bool) throws -> Bool {
        let process = Process()
        process.executableURL = Stickerpack.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning && !started() { usleep(2_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed && process.terminationReason == .uncaughtSignal
    }

    static func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    @Test("variants killed midway: every file in the target is whole, byte for byte what a full run writes")
    func variantsKilled() throws {
        let art = try Self.bigArt()
        let root = art.deletingLastPathComponent()
        let reference = root.appendingPathComponent("reference").path
        let target = root.appendingPathComponent("killed").path
        #expect(try Stickerpack.run(["variants", art.path, "-o", reference]).status == 0)
        let killed = try Self.killMidway(["variants", art.path, "-o", target]) {
            Self.names(in: target).contains { !$0.hasPrefix(".") }
        }
        #expect(killed, "the run ended before it could be killed")
        let written = Self.names(in: target).filter { !$0.hasPrefix(".") }
        #expect(written.count < Self.names(in: reference).count, "killed after the last file")
        for name in written {
            #expect(
                FileManager.default.contents(atPath: target + "/" + name)
                    == FileManager.default.contents(atPath: reference + "/" + name), "\(name) is partial")
        }
    }

    @Test(
        "build --force killed: the previous catalog whole; a first build killed: none; the next clears leftovers"
    )
    func buildKilled() throws {
        let art = try Self.bigArt()
        let root = art.deletingLastPathComponent().path
        let catalog = root + "/Stickers.xcstickers"
        let writing = {
            Self.names(in: root).contains {
                $0.hasPrefix(".Stickers.xcstickers.") && !Self.names(in: root + "/" + $0).isEmpty
            }
        }

        let firstKilled = try Self.killMidway(
            ["build", art.path, "-o", catalog, "--manifest", root + "/m.json"], when: writing)
        #expect(firstKilled, "the run ended before it could be killed")
        #expect(!FileManager.default.fileExists(atPath: catalog), "a killed first build left a catalog")

        #expect(
            try Stickerpack.run([
                "build", Stickerpack.sample("Clean"), "-o", catalog, "--manifest", root + "/m.json", "--force",
            ]).status == 0)
        let before = try BuildCommandTests.contents(of: catalog)
        let killed = try Self.killMidway(
            ["build", art.path, "-o", catalog, "--manifest", root + "/m.json", "--force"], when: writing)
        #expect(killed, "the run ended before it could be killed")
        #expect(try BuildCommandTests.contents(of: catalog) == before, "the previous catalog changed")
        #expect(try Stickerpack.run(["lint", catalog, "--quiet"]).status == 0, "the catalog left in place lints clean")
        // The next build clears what the killed ones left beside the catalog.
        #expect(
            try Stickerpack.run([
                "build", Stickerpack.sample("Clean"), "-o", catalog, "--manifest", root + "/m.json", "--force",
            ]).status == 0)
        #expect(!Self.names(in: root).contains { $0.hasPrefix(".Stickers.xcstickers.") }, "\(Self.names(in: root))")
    }

    @Test(
        "build, variants and icons into a read-only folder: an error naming it, nothing written, old catalog kept",
        .permissionErrors)
    func readOnlyTarget() throws {
        let root = try Stickerpack.temporaryDirectory().path
        let locked = root + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        #expect(
            try Stickerpack.run([
                "build", Stickerpack.sample("Clean"), "-o", locked + "/Old.xcstickers", "--manifest",
                locked + "/m.json",
            ]).status == 0)
        let before = try BuildCommandTests.contents(of: locked + "/Old.xcstickers")
        let listing = Self.names(in: locked).sorted()
        #expect(chmod(locked, 0o555) == 0)
        defer { chmod(locked, 0o755) }

        // As nobody, the inputs are read from a copy: the clone may be in a folder only its owner can enter.
        let clean = try Stickerpack.sampleForNobody("Clean")
        let runs: [[String]] = [
            [
                "build", clean, "-o", locked + "/New.xcstickers", "--manifest",
                locked + "/new.json",
            ],
            [
                "build", clean, "-o", locked + "/Old.xcstickers", "--manifest",
                locked + "/m.json", "--force", "--icon", clean + "/star.png",
            ],
            ["variants", clean, "-o", locked],
            ["icons", clean + "/star.png", "-o", locked + "/Icon.stickersiconset"],
        ]
        for arguments in runs {
            let result = try Stickerpack.run(arguments, unprivileged: true)
            #expect(result.status == 1, "\(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr.contains(locked) && result.stderr.contains("Permission denied"),
                "\(arguments[0]): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
        }
        #expect(Self.names(in: locked).sorted() == listing, "something was written")
        #expect(try BuildCommandTests.contents(of: locked + "/Old.xcstickers") == before)
    }
}
