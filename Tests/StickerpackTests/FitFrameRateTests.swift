import Foundation
import StickerImage
import StickerSupport
import Testing

/// fit's frame-rate knob and its finalists, through the real binary on a GIF nobody here made (Pillow's iss634.gif:
/// 245x245, 42 frames at about 15 fps, 2.73 s), under a limit where keeping every 2nd frame buys colours.
@Suite("fit chooses a frame rate, reports it, and writes the finalist that ranks first")
struct FitFrameRateTests {
    static let gif = Stickerpack.corpus("pillow-tests/gif/iss634.gif")
    static let limit = "80000"

    @Test("Every 2nd frame over the same duration: reported in text and JSON, and what is written plays so")
    func rateReported() throws {
        let dir = try Stickerpack.temporaryDirectory().path
        let json = try Stickerpack.run([
            "fit", Self.gif, "-o", dir, "--byte-limit", Self.limit, "--min-quality", "0", "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stdout)\(json.stderr)")
        let file = try FitFormatTests.report(json.stdout)
        let rate = try #require(file["frameRate"] as? [String: Any])
        #expect(rate["step"] as? Int == 2)
        #expect(abs((rate["durationMs"] as? Double ?? 0) - 2730) < 1e-6)
        let steps = try #require(file["lossySteps"] as? [String])
        #expect(steps.contains("every 2nd frame, 7.7 fps, same 2.7 s"))
        let output = try #require(file["output"] as? String)
        #expect(URL(fileURLWithPath: output).deletingPathExtension().lastPathComponent == "iss634")
        let written = try ImageDecoder.decode(FileBytes.read(output, limit: 1 << 24))
        let source = try ImageDecoder.decode(FileBytes.read(Self.gif, limit: 1 << 24))
        #expect(written.frames.count == 21 && written.durationMs == source.durationMs)
        #expect(written.loopCount == source.loopCount)
        #expect(written.frames.allSatisfy { $0.delayMs >= 20 })

        let text = try Stickerpack.run([
            "fit", Self.gif, "--dry-run", "--byte-limit", Self.limit, "--min-quality", "0",
        ])
        #expect(text.stdout.contains("every 2nd frame, 7.7 fps, same 2.7 s"), "\(text.stdout)")
    }

    @Test("The bench's finalist list: each candidate's knobs and ranking score, and the one written ranks first")
    func writtenRanksFirst() throws {
        let result = try Stickerpack.run([
            "fit", Self.gif, "--dry-run", "--byte-limit", "120000", "--min-quality", "0", "--format", "json",
            "--report-finalists",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let file = try FitFormatTests.report(result.stdout)
        let finalists = try #require(file["finalists"] as? [[String: Any]])
        let written = finalists.filter { $0["written"] as? Bool == true }
        try #require(written.count == 1, "\(finalists)")
        func ranked(_ finalist: [String: Any]) -> Double {
            (finalist["worst"] as? Double ?? -.infinity) - (finalist["handicap"] as? Double ?? 0)
        }
        #expect(finalists.allSatisfy { ranked($0) <= ranked(written[0]) }, "\(finalists)")
        let after = try #require(file["after"] as? [String: Any])
        #expect(written[0]["colors"] as? Int == file["colors"] as? Int)
        #expect(written[0]["frames"] as? Int == after["frames"] as? Int)
        // Without the hidden flag, the report has no such field.
        let plain = try Stickerpack.run([
            "fit", Self.gif, "--dry-run", "--byte-limit", "120000", "--min-quality", "0", "--format", "json",
        ])
        #expect(try FitFormatTests.report(plain.stdout)["finalists"] == nil)
    }
}
