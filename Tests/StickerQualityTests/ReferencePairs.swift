import Foundation
import StickerImage

/// The source/distorted pairs of Data/ and the scores other implementations give them (Data/EXPECTED.tsv,
/// written by Data/make_pairs.py; provenance in Data/SOURCES.txt).
struct ReferencePair {
    let source: String
    let distorted: String
    /// The PyPI package `ssimulacra2` 0.3.0 (an independent NumPy/SciPy port).
    let pypi: Double
    /// libjxl's reference tool, as cloudinary/ssimulacra2 at 81feacf6 builds it (SSIMULACRA 2.1).
    let reference: Double
    /// The reference's steps in float64 (make_pairs.py's double_precision_score): where the exact value lies.
    let exact: Double

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data")

    static func all() throws -> [ReferencePair] {
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return ReferencePair(
                source: fields[0], distorted: fields[1], pypi: Double(fields[2])!, reference: Double(fields[3])!,
                exact: Double(fields[4])!)
        }
    }

    static func image(_ name: String) throws -> RGBAImage {
        try ImageDecoder.decodeFile(at: folder.appendingPathComponent(name).path).frames[0].image
    }
}
