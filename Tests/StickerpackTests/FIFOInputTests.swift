import Foundation
import StickerSupport
import Testing

/// A FIFO named like an image must never block a command: every reader goes through FileBytes, which refuses
/// anything but a regular file without a blocking open.
@Suite("A FIFO named like an image, through every command")
struct FIFOInputTests {
    /// A folder holding a FIFO named x.png beside a good sticker.
    static func folder() throws -> URL {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("art")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Stickerpack.sample("Clean/cat.png"), toPath: dir.appendingPathComponent("cat.png").path)
        #expect(mkfifo(dir.appendingPathComponent("x.png").path, 0o644) == 0)
        return dir
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The arguments, given the art folder and a fresh output path.
        let arguments: @Sendable (_ folder: String, _ out: String) -> [String]
        let status: Int32
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "lint", arguments: { folder, _ in ["lint", folder, "--quiet"] }, status: 1),
        Case(name: "info", arguments: { folder, _ in ["info", folder + "/x.png"] }, status: 1),
        Case(name: "frames", arguments: { folder, out in ["frames", folder + "/x.png", "-o", out] }, status: 1),
        Case(
            name: "resize",
            arguments: { folder, out in ["resize", folder + "/x.png", "-o", out + ".png", "--width", "8"] },
            status: 1),
        Case(name: "variants", arguments: { folder, out in ["variants", folder, "-o", out, "--quiet"] }, status: 1),
        Case(name: "icons", arguments: { folder, out in ["icons", folder + "/x.png", "-o", out] }, status: 1),
        // preview draws what it cannot read as an X and exits 0 (the gate is lint); it must still finish.
        Case(
            name: "preview",
            arguments: { folder, out in ["preview", folder, "-o", out + ".png", "--html", out + ".html", "--quiet"] },
            status: 0),
        Case(
            name: "build", arguments: { folder, out in ["build", folder, "-o", out + ".xcstickers", "--quiet"] },
            status: 1),
    ]

    @Test("Each command says the FIFO is not a regular file, and does not block", arguments: cases)
    func fifo(_ command: Case) throws {
        let folder = try Self.folder()
        let out = folder.deletingLastPathComponent().appendingPathComponent("out").path
        let result = try Stickerpack.run(command.arguments(folder.path, out), bounds: Stickerpack.bounded(seconds: 30))
        #expect(result.status != Stickerpack.killed, "\(command.name) blocked on the FIFO and was killed")
        #expect(result.status == command.status, "\(result.stdout)\(result.stderr)")
        // preview says it in its HTML report (the sheet draws the file as an X).
        let said =
            command.name == "preview"
            ? (try? String(contentsOfFile: out + ".html", encoding: .utf8)) ?? "" : result.stdout + result.stderr
        #expect(said.contains("FIFO"), "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
    }

    @Test("A FIFO as .stickerpack.yml or as the labels file is a clear usage error")
    func fifoConfiguration() throws {
        let folder = try Self.folder()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("x.png"))
        #expect(mkfifo(folder.appendingPathComponent(".stickerpack.yml").path, 0o644) == 0)
        let lint = try Stickerpack.run(["lint", folder.path, "--quiet"], bounds: Stickerpack.bounded(seconds: 30))
        #expect(lint.status == 2, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stderr.contains(".stickerpack.yml") && lint.stderr.contains("FIFO"), "\(lint.stderr)")

        try FileManager.default.removeItem(at: folder.appendingPathComponent(".stickerpack.yml"))
        #expect(mkfifo(folder.appendingPathComponent("labels.yml").path, 0o644) == 0)
        let out = folder.deletingLastPathComponent().appendingPathComponent("S.xcstickers").path
        let build = try Stickerpack.run(["build", folder.path, "-o", out], bounds: Stickerpack.bounded(seconds: 30))
        #expect(build.status == 2, "\(build.stdout)\(build.stderr)")
        #expect(build.stderr.contains("labels.yml") && build.stderr.contains("FIFO"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
