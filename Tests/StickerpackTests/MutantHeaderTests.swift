import Foundation
import Testing

/// Valid files mutated to claim absurd sizes (Tests/Fixtures/hostile/make_mutants.py, made at test time): PNG
/// IHDR, GIF logical screen and first-frame bounds, JPEG SOF. Every one is an error naming the file, never a trap,
/// with the default limits and with the limits raised as far as the options go.
@Suite("Mutant headers with absurd sizes")
struct MutantHeaderTests {
    static func mutants() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory()
        let script = Stickerpack.packageRoot.appendingPathComponent("Tests/Fixtures/hostile/make_mutants.py").path
        let made = try Python.run(
            "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
            arguments: [script, dir.path, Stickerpack.corpora.path])
        #expect(made.status == 0, "\(made.stderr)")
        return dir
    }

    /// `info --format json` on every mutant: each must carry an error and none may crash the run.
    func checkInfo(_ files: [String], extra: [String] = []) throws {
        let result = try Stickerpack.run(
            ["info", "--format", "json"] + extra + files, environment: Stickerpack.allocationCap(memoryMiB: 512),
            bounds: Stickerpack.bounded(memoryMiB: 512))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"), "\(result.stderr)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        #expect(reports.count == files.count)
        for report in reports {
            #expect((report["error"] as? String ?? "").count > 10, "\(report["path"] ?? ""): \(report)")
        }
    }

    @Test("Default limits: every mutant is refused with a reason")
    func defaultLimits() throws {
        let dir = try Self.mutants()
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map { dir.path + "/" + $0 }
        #expect(files.count >= 15)
        try checkInfo(files)
        let lint = try Stickerpack.run(
            ["lint", dir.path, "--format", "json", "--quiet"], bounds: Stickerpack.bounded(memoryMiB: 512))
        #expect(lint.status == 1 && !lint.stderr.contains("Fatal error"), "\(lint.stderr)")
    }

    /// Limits raised to the maximum leave only overflow-checked arithmetic and allocation failures reported by
    /// the C decoders between these headers and a trap. GIF is left out: its canvas is a Swift array, whose
    /// allocation failure is a trap by design, so it relies on the limits themselves.
    @Test("Raised limits: PNG and JPEG mutants still end in errors (overflow, out of memory), never a trap")
    func raisedLimits() throws {
        let dir = try Self.mutants()
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.map { dir.path + "/" + $0 }
        let most = String(Int.max)
        try checkInfo(
            files,
            extra: [
                "--max-side", String(Int32.max), "--max-pixels", most, "--max-frames", most,
                "--max-memory", String(Int.max >> 20),
            ])
    }
}
