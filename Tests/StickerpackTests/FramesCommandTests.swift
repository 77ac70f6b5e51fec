import Foundation
import Testing

@Suite("stickerpack frames, end to end")
struct FramesCommandTests {
    @Test("Writes one RGBA PNG per composited frame, and they decode back to the canvas size")
    func writesFrames() throws {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("out")
        let result = try Stickerpack.run([
            "frames", Stickerpack.corpus("image-rs-image-tests/images/gif/anim/mixed-disposal.gif"), "-o", dir.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == (0..<5).map { String(format: "frame-%04d.png", $0) })
        let info = try Stickerpack.run(["info", "--format", "json", dir.appendingPathComponent("frame-0004.png").path])
        #expect(info.status == 0)
        #expect(info.stdout.contains("\"width\": 32"))
        #expect(info.stdout.contains("\"colorType\": \"rgba\""))
    }

    @Test("Bad input: exit 1 with the reason, nothing written")
    func badInput() throws {
        let dir = try Stickerpack.temporaryDirectory().appendingPathComponent("out")
        let result = try Stickerpack.run([
            "frames", Stickerpack.corpus("wuffs-testdata/hippopotamus.regular.truncated.png"), "-o", dir.path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("truncated"))
        #expect(!FileManager.default.fileExists(atPath: dir.path))
    }
}
