import Foundation
import Testing

@testable import StickerBuild

@Suite("Pack plans from folders and label files")
struct PackPlanTests {
    static func folder(_ files: [String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString)").path
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: path, contents: Data([0]))
        }
        return root
    }

    @Test("Top-level images become stickers, sub-folders of images sequences, other formats are skipped")
    func itemsFromFolder() throws {
        let root = try Self.folder([
            "b10.png", "b2.gif", "wave/f1.png", "wave/f2.png", "empty/readme.txt", "photo.webp", "notes.txt",
            ".hidden.png",
        ])
        let plan = try PackPlan.make(folder: root)
        #expect(plan.items.map(\.name) == ["b2", "b10", "wave"])
        guard case .frames(_, let files) = plan.items[2].source else {
            Issue.record("wave is not a sequence")
            return
        }
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["f1.png", "f2.png"])
        #expect(plan.skipped == [root + "/photo.webp"])
    }

    @Test("An order list comes first, the rest after in natural order; unknown names are reported")
    func order() throws {
        let root = try Self.folder(["a.png", "b.png", "c.png"])
        let plan = try PackPlan.make(folder: root, order: ["c", "ghost", "a.png"], labels: ["b": "Bee", "zed": "Z"])
        #expect(plan.items.map(\.name) == ["c", "a", "b"])
        #expect(plan.items.map(\.label) == ["C", "A", "Bee"])
        #expect(plan.unmatched == ["ghost", "zed"])
    }

    @Test("Names made safe and unique when case is ignored")
    func safeUniqueNames() throws {
        let root = try Self.folder(["Cat.png", "cat.gif", "a b?.png"])
        // Natural order puts cat.gif before Cat.png; the second one of a name, ignoring case, gets -2.
        #expect(try PackPlan.make(folder: root).items.map(\.name) == ["a b", "cat", "Cat-2"])
    }

    @Test("Labels from YAML and CSV (quoted commas, doubled quotes, a header line); bad files are errors")
    func labelsFiles() throws {
        let root = try Self.folder([])
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let yaml = root + "/labels.yml"
        try "cat: A cat\ndog: A dog\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        #expect(try LabelsFile.load(yaml) == ["cat": "A cat", "dog": "A dog"])
        let csv = root + "/labels.csv"
        try "name,label\ncat,\"A cat, sitting\"\nquote,\"say \"\"hi\"\"\"\n".write(
            toFile: csv, atomically: true, encoding: .utf8)
        #expect(try LabelsFile.load(csv) == ["cat": "A cat, sitting", "quote": "say \"hi\""])
        try "- not\n- a map\n".write(toFile: yaml, atomically: true, encoding: .utf8)
        #expect(throws: LabelsFile.LabelsError.self) { try LabelsFile.load(yaml) }
        #expect(throws: LabelsFile.LabelsError.self) { try LabelsFile.load(root + "/missing.yml") }
    }
}
