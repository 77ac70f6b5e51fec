import Foundation

/// The third-party corpora vendored in `Tests/Corpora` (each folder's SOURCES.txt says where it came from) and
/// their EXPECTED.tsv, for every test target that reads them.
public enum Corpus {
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    public static let root = packageRoot.appendingPathComponent("Tests/Corpora")

    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    public struct Row: Sendable {
        public let path: String
        public let format: String
        public let verdict: String
        public let width: Int?
        public let height: Int?
        public let frames: Int?
        public let loop: Int?
        public let durationMs: Double?
        public let note: String
    }

    public static let rows: [Row] = {
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
