import Foundation
import Testing

/// Outputs on a full disk: a tiny tmpfs is mounted for each test (root only; skipped elsewhere).
@Suite("Faults while writing leave the previous output or none", .linuxTools)
struct WriteFaultTests {
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("stickerpack-mount-probe-\(getpid())")
            .path
        defer {
            _ = try? Mount.run("/bin/umount", [probe])
            try? FileManager.default.removeItem(atPath: probe)
        }
        try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)
        return (try? Mount.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", probe])) == 0
    }()

    enum Mount {
        static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// A fresh tmpfs of `kilobytes`, unmounted when `body` returns.
        static func withTinyDisk(kilobytes: Int, _ body: (String) throws -> Void) throws {
            let path = try Stickerpack.temporaryDirectory().appendingPathComponent("disk").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) == 0)
            defer { _ = try? run("/bin/umount", [path]) }
            try body(path)
        }
    }

    func leftovers(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") }
    }

    @Test("build onto a full disk: an error, no catalog, no temporary folder left", .enabled(if: canMount))
    func buildOnFullDisk() throws {
        try Mount.withTinyDisk(kilobytes: 64) { disk in
            let catalog = disk + "/Stickers.xcstickers"
            let result = try Stickerpack.run([
                "build", Stickerpack.sample("Clean"), "-o", catalog, "--manifest", disk + "/m.json",
            ])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains("No space left on device") && result.stderr.contains("nothing was written"),
                "\(result.stderr)")
            #expect(!result.stderr.contains(".tmp"), "the message names the temporary folder: \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: catalog))
            #expect(leftovers(in: disk).isEmpty, "\(leftovers(in: disk))")
        }
    }

    @Test(
        "build --force onto a disk too small for the new catalog keeps the previous one whole", .enabled(if: canMount))
    func rebuildKeepsPrevious() throws {
        try Mount.withTinyDisk(kilobytes: 400) { disk in
            let catalog = disk + "/Stickers.xcstickers"
            let small = try Stickerpack.temporaryDirectory().appendingPathComponent("Art")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Stickerpack.sample("Clean/cat.png"), toPath: small.appendingPathComponent("cat.png").path)
            #expect(
                try Stickerpack.run(["build", small.path, "-o", catalog, "--manifest", disk + "/m.json"]).status == 0)
            let before = try BuildCommandTests.contents(of: catalog)
            // The full pack with an icon set does not fit beside the old catalog.
            let result = try Stickerpack.run([
                "build", Stickerpack.sample("Clean"), "-o", catalog, "--icon", Stickerpack.sample("Clean/star.png"),
                "--force", "--manifest", disk + "/m.json",
            ])
            #expect(result.status == 1)
            #expect(try BuildCommandTests.contents(of: catalog) == before)
            #expect(leftovers(in: disk).isEmpty, "\(leftovers(in: disk))")
        }
    }

    @Test("icons and variants onto a full disk: an error, no half-written file", .enabled(if: canMount))
    func iconsAndVariants() throws {
        try Mount.withTinyDisk(kilobytes: 48) { disk in
            let icons = try Stickerpack.run([
                "icons", Stickerpack.sample("Clean/star.png"), "-o", disk + "/Icon.stickersiconset",
            ])
            #expect(icons.status == 1)
            #expect(!FileManager.default.fileExists(atPath: disk + "/Icon.stickersiconset"))
            let variants = try Stickerpack.run(["variants", Stickerpack.sample("Clean"), "-o", disk + "/v"])
            #expect(variants.status == 1)
            // Every file that is there decodes: each was written whole or not at all.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: disk + "/v")) ?? []
            where !name.hasPrefix(".") {
                #expect(try Stickerpack.run(["info", disk + "/v/" + name]).status == 0, "\(name) is damaged")
            }
            #expect(leftovers(in: disk + "/v").isEmpty, "\(leftovers(in: disk + "/v"))")
        }
    }
}
