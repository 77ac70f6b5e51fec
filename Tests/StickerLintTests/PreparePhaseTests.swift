import Foundation
import StickerImage
import Testing

@testable import StickerLint

/// Decode once, judge many: each file is read and decoded once, in the prepare phase; the judge phase reads none.
/// The proof is real files that vanish after their one decode: the consumer deletes each file as soon as it has
/// seen the decoded image, so any later read (a second decode, a header read) would fail and change the report.
@Suite("Lint in two phases: prepare decodes each file once, judge reads no file")
struct PreparePhaseTests {
    static let problems = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SamplePacks/Problems").path

    /// A copy of the Problems pack without its duplicate (a duplicate's exact check is an allowed second read).
    static func copyOfProblems() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prepare-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: problems) where name != "cat2.png" {
            try FileManager.default.copyItem(atPath: problems + "/" + name, toPath: folder + "/" + name)
        }
        return folder
    }

    /// Every keyed sticker seen by a consumer, each time it was seen.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var keys: [StickerKey] = []

        func add(_ key: StickerKey) {
            lock.lock()
            keys.append(key)
            lock.unlock()
        }
    }

    @Test("Each sticker is decoded once and handed over once; deleted right after, the report is unchanged")
    func decodedOnce() throws {
        let reference = try Self.copyOfProblems()
        let vanishing = try Self.copyOfProblems()
        defer {
            try? FileManager.default.removeItem(atPath: reference)
            try? FileManager.default.removeItem(atPath: vanishing)
        }
        let configuration = LintConfiguration()
        let expected = Linter.lint(
            try InputDiscovery.discover([reference], configuration: configuration), configuration: configuration)
        #expect(expected.stickers.allSatisfy { $0.sameAs == nil }, "no duplicate: nothing may be read twice")

        let inputs = try InputDiscovery.discover([vanishing], configuration: configuration)
        let seen = Seen()
        let prepared = Linter.prepare(
            inputs, jobs: 2,
            consume: { key, _, _ in
                seen.add(key)
                // Gone once decoded: whatever reads it again from now on gets "no such file".
                try? FileManager.default.removeItem(atPath: inputs[key.pack].stickerPaths[key.sticker])
            })
        let paths = inputs.flatMap(\.stickerPaths)
        #expect(prepared.decodes == paths.count, "one decode per file, the undecodable ones included")
        let decodable = expected.stickers.filter(\.decoded).count
        #expect(seen.keys.count == decodable && Set(seen.keys).count == decodable)
        #expect(seen.keys.allSatisfy { prepared[$0].decoded })

        let report = Linter.judge(prepared, configuration: configuration)
        let relative = { (text: String, root: String) in text.replacingOccurrences(of: root, with: "PACK") }
        #expect(
            report.diagnostics.map { "\($0.rule) \(relative($0.path, vanishing)) \(relative($0.message, vanishing))" }
                == expected.diagnostics.map {
                    "\($0.rule) \(relative($0.path, reference)) \(relative($0.message, reference))"
                })
        #expect(report.stickers.map(\.decoded) == expected.stickers.map(\.decoded))
    }

    @Test("Facts are keyed by pack and sticker, in each pack's path order")
    func keyedByPackAndSticker() throws {
        let configuration = LintConfiguration()
        let inputs = [
            PackInput(name: "a", stickerPaths: [Self.problems + "/cat.png", Self.problems + "/small.png"]),
            PackInput(name: "b", stickerPaths: [Self.problems + "/fast.gif"]),
        ]
        let prepared = Linter.prepare(inputs)
        #expect(prepared[StickerKey(pack: 0, sticker: 1)].fileName == "small.png")
        #expect(prepared[StickerKey(pack: 1, sticker: 0)].format == .gif)
        #expect(Linter.judge(prepared, configuration: configuration).packs.map(\.name) == ["a", "b"])
    }
}
