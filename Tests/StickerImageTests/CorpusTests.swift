import Foundation
import StickerImage
import TestSupport
import Testing

/// Every file of `Tests/Corpora/EXPECTED.tsv`: valid ones decode every frame with Pillow's size and frame
/// count, invalid ones fail with a reason, the rest end either way, and none crashes or hangs.
@Suite("Third-party corpora")
struct CorpusTests {
    /// Where this project decides differently from Pillow (whose readings fill EXPECTED.tsv), and why.
    enum Decision {
        case decodes(width: Int, height: Int, frames: Int, warningContains: String?)
        case fails(containing: String)
    }

    static let decisions: [String: (Decision, String)] = [
        "image-rs-image-tests/images/gif/anim/oob.gif": (
            .decodes(width: 40, height: 40, frames: 1, warningContains: nil),
            "the first frame (16x16 at 24,24) passes the 32x32 logical screen: browsers grow the canvas to hold it "
                + "(Chromium to the frame's right and bottom edges), as Pillow does; image-rs' reference clips it"
        ),
        "image-rs-image-tests/images/gif/simple/issue_1455_oversized.gif": (
            .decodes(width: 16, height: 16, frames: 1, warningContains: nil),
            "the 16x16 first frame passes the 10x10 logical screen: browsers grow the canvas to hold it, as Pillow "
                + "does; image-rs' reference render clips it to 10x10"
        ),
        "pillow-tests/gif/test_extents_transparency.gif": (
            .decodes(width: 100, height: 100, frames: 1, warningContains: "unknown data"),
            "a second GIF header follows the first frame; browsers stop at the unknown block, Pillow skips bytes "
                + "until it finds one"
        ),
        "pillow-tests/gif/issue_2811.gif": (
            .fails(containing: "LZW minimum code size 11"),
            "the GIF spec caps the LZW code size at 8; giflib refuses the file and so do we, saying why"
        ),
        "image-png-tests/bugfixes/invalid_palette_index.png": (
            .fails(containing: "palette index"),
            "a pixel index past the PLTE is an error in the PNG spec (Go rejects it too: go-image-testdata "
                + "invalid-palette.png)"
        ),
        "pillow-tests/jpeg/hopper_bad_exif.jpg": (
            .fails(containing: "Huffman"),
            "the entropy-coded data is damaged: Pillow shows smeared garbage; a sticker like that must not pass"
        ),
        "pillow-tests/jpeg/junk_jpeg_header.jpg": (
            .decodes(width: 1024, height: 768, frames: 1, warningContains: "extraneous bytes"),
            "five junk bytes between two header segments; every pixel decodes intact, so it is a warning, not an error"
        ),
        "go-image-testdata/image-testdata/video-001.progressive.truncated.jpeg": (
            .decodes(width: 150, height: 103, frames: 1, warningContains: "last scan"),
            "whole scans closed by EOI form a complete stream (as wuffs' peacock.progressive.scanNNN.jpeg, which are "
                + "valid); reported as a warning"
        ),
    ]

    @Test("Each corpus file decodes or fails as expected", .timeLimit(.minutes(1)), arguments: Corpus.rows)
    func corpusFile(_ row: Corpus.Row) throws {
        let path = Corpus.path(row.path)
        let result = Result { () throws(DecodeError) in try ImageDecoder.decodeFile(at: path) }

        if let (decision, reason) = Self.decisions[row.path] {
            switch (decision, result) {
            case (.decodes(let width, let height, let frames, let warning), .success(let image)):
                #expect(image.width == width && image.height == height && image.frames.count == frames, "\(reason)")
                if let warning { #expect(image.warnings.contains { $0.contains(warning) }, "\(image.warnings)") }
            case (.fails(let text), .failure(let error)):
                #expect(error.description.contains(text), "\(error) — \(reason)")
            default:
                Issue.record("\(row.path): \(result) — expected per decision: \(reason)")
            }
            return
        }

        switch (row.verdict, result) {
        case ("valid", .success(let image)):
            if let width = row.width, let height = row.height {
                #expect((image.width, image.height) == (width, height))
            }
            if let frames = row.frames { #expect(image.frames.count == frames) }
            if let loop = row.loop { #expect(image.loopCount == loop) }
            if let duration = row.durationMs { #expect(abs(image.durationMs - duration) <= 1) }
            let expectedFormat =
                row.format == "apng"
                ? ImageFormat.apng : row.format == "gif" ? .gif : row.format == "jpeg" ? .jpeg : .png
            #expect(image.format == expectedFormat || (row.format == "png" && image.format == .apng))
            for frame in image.frames {
                #expect(frame.image.pixels.count == image.width * image.height * 4)
            }
        case ("valid", .failure(let error)):
            Issue.record("\(row.path) must decode: \(error)")
        case ("invalid", .success(let image)):
            Issue.record(
                """
                \(row.path) must fail (\(row.note)) but decoded \(image.width)x\(image.height), \
                \(image.frames.count) frames, warnings \(image.warnings)
                """
            )
        case ("invalid", .failure(let error)):
            #expect(error.description.count > 10, "the reason must name the problem: \(error)")
        default:
            break  // "either": an error or a result is fine; reaching here means no crash and no hang.
        }
    }

    @Test("The corpus is there")
    func corpusIsPresent() {
        #expect(Corpus.rows.count > 600, "EXPECTED.tsv not found under \(Corpus.root.path)")
    }
}
