import Foundation
import Testing

/// The third-party corpora vendored in `Tests/Corpora` (each folder's SOURCES.txt says where it came from) and
/// their EXPECTED.tsv.
enum Corpus {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let root = packageRoot.appendingPathComponent("Tests/Corpora")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    struct Row: CustomTestStringConvertible, Sendable {
        let path: String
        let format: String
        let verdict: String
        let width: Int?
        let height: Int?
        let frames: Int?
        let loop: Int?
        let durationMs: Double?
        let note: String
        var testDescription: String { "\(verdict) \(path)" }
    }

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: root.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").compactMap { line -> Row? in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 9 else { return nil }
            return Row(
                path: f[0], format: f[1], verdict: f[2], width: Int(f[3]), height: Int(f[4]), frames: Int(f[5]),
                loop: Int(f[6]), durationMs: Double(f[7]), note: f[8])
        }
    }()
}
