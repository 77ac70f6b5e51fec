import Foundation
import StickerSupport
import TestSupport
import Testing

@testable import StickerImage

/// Lossy LZW must leave the exact encoding alone: with a budget of 0 every file below is written byte for byte as it
/// was before lossy LZW existed (SHA-256 of the output, recorded then).
@Suite("GIF with a zero error budget")
struct GIFBudgetZeroTests {
    enum Path: String, CustomTestStringConvertible {
        /// `GIFEncoder.encode`, both LZW table policies; `quick`: one.
        case full, quick
        /// `GIFEncoder.encodeExact` with local colour tables allowed, as the lossless step calls it.
        case localTables
        var testDescription: String { rawValue }
    }

    @Test(
        "Budget 0 writes the same bytes as the encoder before lossy LZW",
        arguments: [
            (
                "SamplePacks/Clean/cat.png", Path.full,
                "257f0ce18421003e6b37dab2771a755523a00825800b8354a352e21fa13e341c"
            ),
            ("SamplePacks/Clean/wave.png", .full, "066d0d63d69a7a8bebe3dbc9c93c75586a8f6cc5c146d614a6f4a2da85c1e937"),
            ("SamplePacks/Clean/wave.png", .quick, "f8f19038a3e13a79c7b9aa83f17888ea50f55317cb60f4614f581d2ce5d19634"),
            (
                "SamplePacks/OverLimit/spinner.gif", .localTables,
                "f222de2ccf87e71c8e204b70ddb9509c6e458b82dbf2729be786758e5867b0e6"
            ),
            (
                "Tests/Corpora/image-gif-tests/samples/moon_impact.gif", .full,
                "dbcd6560b936bed1de1833fccc9f005b5448f38884ba5f40510070267721a78f"
            ),
            (
                "Tests/Corpora/image-gif-tests/samples/moon_impact.gif", .quick,
                "68c93024b0057c8fdec359de3cf11e57407e7e38012a7aa6b62f9842b84acd73"
            ),
            (
                "Tests/Corpora/pillow-tests/gif/iss634.gif", .localTables,
                "a277963b43e1a749b9b2910b607e4e0742d92216f5369e09a526aa34b704ad97"
            ),
            (
                "Tests/Corpora/image-rs-image-tests/images/gif/anim/mixed-disposal.gif", .full,
                "a7bbd99ac708fe1ef1934f9186b38720571fcae3a91c7fd9452bd43edf5e8e08"
            ),
            (
                "Tests/Corpora/pillow-tests/gif/dispose_bgnd_transparency.gif", .full,
                "d2cbd48cbe6375969e13784cb27b7ba6d5abafb595ec220c9075c5f920fc96dd"
            ),
            (
                "Tests/Corpora/pillow-tests/gif/chi.gif", .full,
                "8b8169a8ebf9679a09a5d8ee4198de2372d6f8a67afe414074f96c6513560bfc"
            ),
        ])
    func sameBytes(_ file: String, _ path: Path, _ sha256: String) throws {
        let image = try ImageDecoder.decodeFile(at: Corpus.packageRoot.appendingPathComponent(file).path)
        let bytes: [UInt8]
        switch path {
        case .full: bytes = try GIFEncoder.encode(image, lossy: 0)
        case .quick: bytes = try GIFEncoder.encode(image, quick: true, lossy: 0)
        case .localTables: bytes = try #require(GIFEncoder.encodeExact(image, lossy: 0)).bytes
        }
        #expect(SHA256.hex(bytes) == sha256)
    }

    @Test("The lossy LZW coder with nothing to substitute writes the exact coder's stream, under both table policies")
    func lossyCoderAtZero() throws {
        // Frames of a photo, quantised: enough codes to fill the table, so clearing and freezing both happen.
        let (table, indices) = try PhotoFrameIndices.load()
        let lzw = LZWTable()
        let zero = GIFLossiness(budget: 0, table: table)
        for frame in indices {
            let filled = frame.withUnsafeBufferPointer {
                LZWEncoder.compress($0, minCodeSize: 8, policy: .clear, table: lzw)!.filled
            }
            #expect(filled)
            for policy in LZWEncoder.FullTable.allCases {
                let exact = try #require(
                    frame.withUnsafeBufferPointer {
                        LZWEncoder.imageData($0, minCodeSize: 8, table: lzw, policies: [policy])
                    })
                var decoded = frame
                let lossy = LossyLZWEncoder.imageData(
                    &decoded, minCodeSize: 8, table: lzw, policies: [policy], lossiness: zero)
                #expect(lossy == exact, "\(policy)")
                #expect(decoded == frame)
            }
        }
    }
}
