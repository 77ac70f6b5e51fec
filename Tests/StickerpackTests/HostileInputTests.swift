import Foundation
import Testing

/// Files built to break a decoder, each in a folder with a good sticker, through the real `stickerpack lint`:
/// every bad file gets a clear diagnostic, the good one is still linted, nothing crashes, memory stays bounded.
@Suite("Hostile input, end to end")
struct HostileInputTests {
    /// Bombs, LZW abuse, a million-frame header, a JPEG of endless scans (Tests/Fixtures/hostile/make_hostile.py), a
    /// FIFO, a file
    /// nobody may read, and cat.png from the clean pack.
    static func hostileFolder() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory()
        let script = Stickerpack.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/make_hostile.py").path
        let made = try Python.run(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            arguments: [script, dir.path, Stickerpack.corpora.path])
        #expect(made.status == 0, "\(made.stderr)")
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/cat.png"), toPath: dir.appendingPathComponent("cat.png").path)
        #expect(mkfifo(dir.appendingPathComponent("fifo.png").path, 0o644) == 0)
        let unreadable = dir.appendingPathComponent("unreadable.png").path
        try FileManager.default.copyItem(atPath: Stickerpack.sample("Clean/cat.png"), toPath: unreadable)
        #expect(chmod(unreadable, 0) == 0)
        return dir
    }

    static let sanitized = Stickerpack.sanitized

    /// Expected: for each file, the rule and a phrase of its message.
    static let expected: [(file: String, rule: String, phrase: String)] = [
        ("dimension-bomb.png", "decode-error", "decode limit exceeded"),
        ("dimension-bomb.gif", "decode-error", "decode limit exceeded"),
        ("dimension-bomb.jpg", "decode-error", "decode limit exceeded"),
        ("zip-bomb-idat.png", "decode-warning", "the rest was not read"),
        ("zip-bomb-ztxt.png", "decode-error", "decompression bomb"),
        ("lzw-code-size.gif", "decode-error", "LZW minimum code size 12"),
        ("lzw-bad-codes.gif", "decode-error", "defective"),
        ("lzw-bomb.gif", "decode-error", "truncated"),
        ("million-frames.png", "decode-error", "more than 5000 frames"),
        ("many-scans.jpg", "decode-error", "more than 256 progressive scans"),
        ("fifo.png", "decode-error", "FIFO"),
        ("unreadable.png", "decode-error", "permission denied"),
    ]

    func check(_ result: CommandResult, folder: URL) throws {
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let files = try #require(report["files"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(files.map { ($0 as NSString).lastPathComponent }) == Set(names), "every file is in the report")
        func of(_ name: String) -> [[String: Any]] {
            diagnostics.filter { ($0["path"] as? String ?? "").hasSuffix("/" + name) }
        }
        for (file, rule, phrase) in Self.expected {
            let found = of(file).filter { $0["rule"] as? String == rule }
            #expect(found.contains { ($0["message"] as? String ?? "").contains(phrase) }, "\(file): \(of(file))")
            #expect(
                found.allSatisfy { !($0["hint"] as? String ?? "").isEmpty }, "\(file) has a diagnostic without a fix")
        }
        #expect(!of("lzw-clear-codes.gif").isEmpty, "the clear-code stream is linted")
        #expect(
            !of("cat.png").contains { $0["severity"] as? String == "error" },
            "the good sticker is linted as usual: \(of("cat.png"))")
        #expect(files.contains { $0.hasSuffix("/cat.png") })
    }

    /// Name, size, modification time and permissions of every entry: what lint must leave as it found it.
    static func snapshot(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
            return "\(name) \(attributes[.size] ?? "?") \(modified) \(attributes[.posixPermissions] ?? "?")"
        }
    }

    @Test(
        "Bombs, LZW abuse, a million frames, endless scans, a FIFO, an unreadable file: diagnosed, nothing changed",
        .permissionErrors)
    func hostileFolderIsDiagnosed() throws {
        let folder = try Self.hostileFolder()
        let before = try Self.snapshot(folder)
        try check(
            try Stickerpack.run(
                ["lint", folder.path, "--format", "json", "--quiet"], unprivileged: true),
            folder: folder)
        #expect(try Self.snapshot(folder) == before)
    }

    /// The bound in docs/decoding.md: 256 MiB of address space plus 32 MiB per worker (thread stacks, malloc arenas).
    /// Without the decode limits, any one of these files would need 2 GiB to 650 GiB.
    @Test(
        "The same folder lints within the memory bound of docs/decoding.md, an address-space limit as ulimit -v sets",
        .linuxTools, .enabled(if: !sanitized))
    func hostileFolderWithinMemoryBound() throws {
        let folder = try Self.hostileFolder()
        let bound = 256 + 32 * ProcessInfo.processInfo.activeProcessorCount
        let result = try Stickerpack.run(
            ["lint", folder.path, "--format", "json", "--quiet"],
            bounds: Stickerpack.bounded(seconds: 600, memoryMiB: bound), unprivileged: true)
        try check(result, folder: folder)
    }
}
