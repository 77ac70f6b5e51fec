import Foundation
import StickerFuzz
import Testing

/// Every input a fuzzer once crashed on, replayed through the same entry point. Each must now end in a
/// clean error or a clean decode; a crash here fails the whole test run, which is the point.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions")

    static func inputs(_ target: FuzzTarget) -> [URL] {
        let directory = folder.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test("Every regression input replays without a crash", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        for url in Self.inputs(target) {
            try target.replay(file: url.path)
        }
    }

    @Test("Every target has its regression folder, so make fuzz has somewhere to keep findings")
    func foldersExist() {
        for target in FuzzTarget.allCases {
            var isDirectory: ObjCBool = false
            #expect(
                FileManager.default.fileExists(
                    atPath: Self.folder.appendingPathComponent(target.rawValue).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue)
        }
    }
}
