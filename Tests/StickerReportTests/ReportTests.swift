import Foundation
import StickerImage
import StickerJSON
import StickerLint
import StickerQuality
import Testing

@testable import StickerReport

/// The report layer over real inputs: the sample packs and real scores.
@Suite("Reports")
struct ReportTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../SamplePacks").standardizedFileURL.path

    static func lintProblems() throws -> LintReport {
        let inputs = try InputDiscovery.discover(
            [samples + "/Problems"], configuration: LintConfiguration(), followSymlinks: false)
        return Linter.lint(inputs, configuration: LintConfiguration())
    }

    @Test("Every lint format renders the same findings; JSON and SARIF parse")
    func everyFormat() throws {
        let report = try Self.lintProblems()
        #expect(report.count(.error) > 0)
        let context = ReportContext(toolVersion: "test", colour: false, strict: false, baseDirectory: Self.samples)
        for format in ReportFormat.allCases {
            let text = format.lintReporter().render(report, context: context)
            #expect(!text.isEmpty, "\(format) rendered nothing")
            if format == .json || format == .sarif {
                #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
            }
            // Machine formats name every file with a finding, relative to the base folder.
            if format != .html {
                for diagnostic in report.diagnostics {
                    let path = context.relative(diagnostic.path)
                    #expect(text.contains(path), "\(format) does not name \(path)")
                }
            }
        }
    }

    @Test("fit and compare encode a score alike")
    func oneScoreEncoding() throws {
        let image = try ImageDecoder.decodeFile(at: Self.samples + "/Clean/wave.png", limits: .default)
        let score = try StickerComparison(original: image, candidate: image, options: .quick).score
        guard case .object(let fields) = score.json else {
            Issue.record("a score is a JSON object")
            return
        }
        #expect(fields.map(\.0) == ["worst", "mean", "worstFrame", "worstBackground", "framesScored"])
        // Identical files score 100: written as an integral number, as in compare's report.
        #expect(score.json.serialized(pretty: false).contains("\"worst\":100,"))
    }

    @Test("info's report of a damaged file says what to do")
    func infoError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/Clean/cat.png"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/cut.png"))
        let file = ImageInspection(path: folder + "/cut.png", headerOnly: false, limits: .default)
        let report = ImageReport(file)
        #expect(file.error != nil)
        #expect(report.text.contains("hint"))
        #expect(report.json.serialized().contains("\"error\""))
    }

    @Test("The progress line counts, fills and estimates")
    func progressLine() {
        let line = ProgressBar.line(verb: "linting", done: 12, total: 40, elapsed: 6)
        #expect(line == "  linting [#######-----------------] 12/40  30%  0:14 left")
    }
}
