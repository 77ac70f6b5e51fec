import Foundation
import Testing

@Suite("The over-limit sample pack")
struct OverLimitPackTests {
    @Test("lint reports every sticker of SamplePacks/OverLimit over the 500 KB limit, and the .apng name")
    func everyFileOverTheLimit() throws {
        let result = try Stickerpack.run(["lint", Stickerpack.sample("OverLimit"), "--format", "json"])
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        var rules: [String: Set<String>] = [:]
        for diagnostic in diagnostics {
            let name = (diagnostic["path"] as? String ?? "").split(separator: "/").last.map(String.init) ?? ""
            rules[name, default: []].insert(diagnostic["rule"] as? String ?? "")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Stickerpack.sample("OverLimit"))
            .filter { !$0.hasSuffix(".txt") }
        #expect(files.count >= 3 && files.count <= 6)
        for file in files {
            #expect(rules[file]?.contains("file-size") == true, "\(file)")
        }
        #expect(rules["waving.apng"]?.contains("extension-mismatch") == true)
    }
}
