import Foundation
import StickerImage
import Testing

/// Every size a command makes is checked against the decode limits before anything is allocated: a clear error,
/// exit 2 when the size asked for is beyond them, 1 when the input causes it; never an allocation failure.
@Suite("Absurd output sizes, end to end")
struct OutputSizeTests {
    /// Far below what any of these sizes would need (a 16384x268435456 px image is 16 TiB).
    static let memoryMiB = 200

    /// A valid 1x16384 px PNG (the tall.png) in a fresh folder.
    static func tallImage() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory()
        let url = dir.appendingPathComponent("tall.png")
        let image = RGBAImage(width: 1, height: 16_384, pixels: [UInt8](repeating: 200, count: 16_384 * 4))
        try Data(PNGEncoder.encode(image)).write(to: url)
        return url
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Stickerpack.run(arguments, bounds: Stickerpack.bounded(memoryMiB: Self.memoryMiB))
        #expect(result.status != Stickerpack.killed, "killed: \(arguments)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("failed to allocate"))
        return result
    }

    @Test("resize: a height the input's aspect makes absurd is the file's doing (exit 1), nothing written")
    func resizeFromAspect() throws {
        let tall = try Self.tallImage()
        let out = tall.deletingLastPathComponent().appendingPathComponent("out.png").path
        let result = try run(["resize", tall.path, "-o", out, "--width", "16384"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("tall.png") && result.stderr.contains("16384x268435456 px"), "\(result.stderr)")
        #expect(result.stderr.contains("hint:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(
        "resize: a size asked for beyond the limits is a usage error (exit 2), before the input is read",
        arguments: [
            ["--width", "20000"], ["--width", "10000", "--height", "10000"], ["--width", "8", "--height", "99999"],
        ])
    func resizeAskedTooLarge(_ size: [String]) throws {
        let tall = try Self.tallImage()
        let out = tall.deletingLastPathComponent().appendingPathComponent("out.png").path
        let result = try run(["resize", tall.path, "-o", out] + size)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("beyond the limits"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("resize: raised limits allow what they cover, and the memory budget still counts every frame")
    func resizeWithinRaisedLimits() throws {
        let tall = try Self.tallImage()
        let out = tall.deletingLastPathComponent().appendingPathComponent("out.png").path
        let fine = try run(["resize", tall.path, "-o", out, "--width", "2", "--max-side", "32768"])
        #expect(fine.status == 0, "2x32768 px is within --max-side 32768: \(fine.stderr)")
        let wave = Stickerpack.sample("Clean/wave.png")
        let frames = try run([
            "resize", wave, "-o", out, "--force", "--width", "4000", "--max-pixels", "20000000", "--max-memory", "64",
        ])
        #expect(frames.status == 1, "8 frames of 4000x4000 px need 488 MiB: \(frames.stderr)")
        #expect(frames.stderr.contains("8 frames of 4000x4000 px"), "\(frames.stderr)")
    }

    @Test("icons: --fit cover of a 1x16384 px art would need a 1024x16777216 px image: exit 1, no icon set")
    func iconsCover() throws {
        let tall = try Self.tallImage()
        let out = tall.deletingLastPathComponent().appendingPathComponent("Icons.stickersiconset").path
        let result = try run(["icons", tall.path, "-o", out, "--fit", "cover"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("too far from 4:3") && result.stderr.contains("--fit contain"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let contain = try run(["icons", tall.path, "-o", out, "--fit", "contain"])
        #expect(contain.status == 0, "\(contain.stderr)")
    }

    @Test("variants: extreme but valid art gives small variants; a header past the limits is an error (exit 1)")
    func variants() throws {
        let tall = try Self.tallImage()
        let dir = tall.deletingLastPathComponent()
        let fine = try run(["variants", tall.path, "-o", dir.appendingPathComponent("v").path])
        #expect(fine.status == 0, "\(fine.stderr)")
        let bomb = try MutantHeaderTests.mutants().appendingPathComponent("ihdr-2pow16.png")
        let refused = try run(["variants", bomb.path, "-o", dir.appendingPathComponent("w").path])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("decode limit exceeded"), "\(refused.stderr)")
    }

    @Test("preview: a sheet past the limits is refused before its canvas is made, nothing written")
    func previewSheet() throws {
        let out = try Stickerpack.temporaryDirectory().appendingPathComponent("sheet.png").path
        let result = try run(["preview", Stickerpack.sample("Clean"), "-o", out, "--max-side", "600", "--quiet"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("contact sheet") && result.stderr.contains("--max-side"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
