import Foundation
import StickerImage
import Testing

/// Composited frames against reference renders, within 1 per channel (pixels fully transparent in both are
/// equal whatever their colour):
/// - image-rs' references: the WPT dispose x blend APNGs and ball.png (frames made with apngdis), and the
///   first frame of its GIFs;
/// - Pillow's renders of the APNG suite and of Pillow's disposal/transparency GIFs, written by
///   Tests/Fixtures/make_reference_frames.py to Tests/Fixtures/reference-frames/<corpus path>/frame-NNNN.png.
///   The GIF renders are converted to what a browser shows (transparent canvas, disposal 2 clears to
///   transparent, frames clipped to the logical screen); files Pillow gets wrong are left out there, and the
///   APNGs among them are checked below against values worked out by hand from the spec.
@Suite("Composited frames match reference renders")
struct ReferenceFrameTests {
    /// Tests/StickerImageTests/ReferenceFrameTests.swift -> the package root.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let corpora = packageRoot.appendingPathComponent("Tests/Corpora").path
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/reference-frames").path
    static let imageRS = corpora + "/image-rs-image-tests"

    // MARK: Comparing

    /// Nil when the frames are the same size and equal within 1 per channel; otherwise the size, or the first
    /// differing pixel with both values and how many pixels differ.
    static func difference(_ decoded: RGBAImage, _ reference: RGBAImage) -> String? {
        guard (decoded.width, decoded.height) == (reference.width, reference.height) else {
            return "size \(decoded.width)x\(decoded.height), reference \(reference.width)x\(reference.height)"
        }
        let a = decoded.pixels
        let b = reference.pixels
        var first: Int?
        var count = 0
        for i in Swift.stride(from: 0, to: a.count, by: 4) where !(a[i + 3] == 0 && b[i + 3] == 0) {
            var worst = 0
            for c in i..<(i + 4) { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
            if worst > 1 {
                if first == nil { first = i }
                count += 1
            }
        }
        guard let i = first else { return nil }
        let p = i / 4
        return
            "first differing pixel (\(p % decoded.width), \(p / decoded.width)): decoded RGBA "
            + "\(Array(a[i..<(i + 4)])), "
            + "reference \(Array(b[i..<(i + 4)])) (\(count) pixels differ by more than 1)"
    }

    static func decode(_ path: String) throws -> DecodedImage { try ImageDecoder.decodeFile(at: path) }

    /// Checks one decoded frame against a reference PNG, recording an issue that names file and frame.
    static func check(_ file: String, frame index: Int, of image: DecodedImage, against referencePath: String) throws {
        guard index < image.frames.count else {
            Issue.record("\(file) frame \(index): not decoded (the file gave \(image.frames.count) frames)")
            return
        }
        let reference = try decode(referencePath).frames[0].image
        if let problem = difference(image.frames[index].image, reference) {
            Issue.record("\(file) frame \(index) vs \((referencePath as NSString).lastPathComponent): \(problem)")
        }
    }

    /// Files under `folder` (recursive, relative paths, sorted) whose name satisfies `keep`.
    static func files(under folder: String, _ keep: (String) -> Bool) -> [String] {
        let all = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return all.filter { keep(($0 as NSString).lastPathComponent) }.sorted()
    }

    // MARK: image-rs APNG references

    /// Images under images/png/apng with a reference: ball.png, the WPT files, and rgba16.png (still reference only).
    static let imageRSAPNGs: [String] = {
        let references = files(under: imageRS + "/reference/png/apng") { $0.hasSuffix(".png") }
        return Set(
            references.compactMap { reference -> String? in
                guard let range = reference.range(of: ".png.", options: .backwards) else { return nil }
                return String(reference[..<range.lowerBound]) + ".png"
            }
        ).sorted()
    }()

    /// `<name>.anim_NN.png` is frame NN - 1: the numbering starts at 01, and for ball.png and the two derived
    /// 3x1 files every anim_NN matches decoded frame NN - 1 and no other frame (the WPT region files have two
    /// identical frames each, so they alone cannot tell). The still reference `<name>.png` is the default
    /// image, which in these files is frame 0 (their first fcTL precedes IDAT).
    @Test("image-rs APNGs: every frame against the apngdis references (anim_NN is frame NN-1)", arguments: imageRSAPNGs)
    func imageRSAPNG(_ path: String) throws {
        let image = try Self.decode(Self.imageRS + "/images/png/apng/" + path)
        let folder = Self.imageRS + "/reference/png/apng/" + (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let prefix = name + ".anim_"
        let animation = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }
            .sorted()
        if !animation.isEmpty {
            #expect(
                animation.count == image.frames.count,
                "\(path): \(animation.count) reference frames, \(image.frames.count) decoded")
        }
        for reference in animation {
            let number = try #require(Int(reference.dropFirst(prefix.count).prefix(while: \.isNumber)), "\(reference)")
            try Self.check(path, frame: number - 1, of: image, against: folder + "/" + reference)
        }
        let still = folder + "/" + name + ".png"
        if FileManager.default.fileExists(atPath: still) {
            try Self.check(path, frame: 0, of: image, against: still)
        }
    }

    // MARK: image-rs GIF references

    static let imageRSGIFs: [String] = files(under: imageRS + "/reference/gif") { $0.hasSuffix(".gif.png") }
        .map { String($0.dropLast(4)) }

    /// The files whose first frame passes the logical screen: browsers grow the canvas to hold it, where image-rs'
    /// reference clips it to the screen. The decoded canvas, and its top-left corner against the reference.
    static let grownCanvas: [String: (width: Int, height: Int)] = [
        "anim/oob.gif": (40, 40), "simple/issue_1455_oversized.gif": (16, 16),
    ]

    /// Each reference is one PNG: the first frame (image-rs decodes the first frame for its reference tests).
    /// Checked: for the animated files the reference matches decoded frame 0 and no later frame, and it is what
    /// a browser shows (transparent outside the first frame; for oob.gif and issue_1455_oversized.gif the logical
    /// screen's part of the grown canvas).
    @Test("image-rs GIFs: frame 0 against the reference", arguments: imageRSGIFs)
    func imageRSGIF(_ path: String) throws {
        var image = try Self.decode(Self.imageRS + "/images/gif/" + path)
        let reference = Self.imageRS + "/reference/gif/" + path + ".png"
        if let grown = Self.grownCanvas[path] {
            #expect((image.width, image.height) == grown, "\(path): the canvas grows to hold the first frame")
            let screen = try Self.decode(reference)
            image.frames[0].image = image.frames[0].image.cropped(width: screen.width, height: screen.height)
        }
        try Self.check(path, frame: 0, of: image, against: reference)
    }

    // MARK: Pillow fixtures

    /// Corpus-relative paths of the files with Pillow fixtures: folders holding frame-0000.png.
    static let pillowFixtures: [String] = files(under: fixtures) { $0 == "frame-0000.png" }
        .map { ($0 as NSString).deletingLastPathComponent }

    @Test(
        "Pillow-rendered fixtures: every frame (APNG suite; pillow-tests disposal/transparency GIFs)",
        arguments: pillowFixtures)
    func pillowFixture(_ path: String) throws {
        let image = try Self.decode(Self.corpora + "/" + path)
        let folder = Self.fixtures + "/" + path
        let references = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }.sorted()
        #expect(
            references.count == image.frames.count,
            "\(path): \(references.count) reference frames, \(image.frames.count) decoded")
        for reference in references {
            let number = try #require(
                Int(reference.dropFirst("frame-".count).prefix(while: \.isNumber)), "\(reference)")
            try Self.check(path, frame: number, of: image, against: folder + "/" + reference)
        }
    }

    // MARK: APNG suite files Pillow composites wrongly

    struct UniformFrames: Sendable, CustomTestStringConvertible {
        let name: String
        /// Every pixel of frame i is colours[i].
        let colours: [[UInt8]]
        var testDescription: String { name }
    }

    /// Worked out from the frames in the files: frame 0 is opaque, each later frame is blended OVER it.
    /// Straight-alpha OVER an opaque pixel is opaque: colour = src * a + dst * (1 - a).
    static let uniformFrames: [UniformFrames] = [
        // Frame 0 opaque green; frames 1-127 draw (0,255,0,2) OVER it on the left half: still opaque green.
        UniformFrames(
            name: "blend_op_over_near_transparent.png", colours: Array(repeating: [0, 255, 0, 255], count: 128)),
        // Opaque black, then (0,0,255,128) OVER it.
        UniformFrames(name: "mode_16bit.png", colours: [[0, 0, 0, 255], [0, 0, 128, 255]]),
        // Opaque black, then grey 255 with alpha 128 OVER it.
        UniformFrames(name: "mode_grayscale_alpha.png", colours: [[0, 0, 0, 255], [128, 128, 128, 255]]),
        // Palette black / blue with tRNS 255 / 128: opaque black, then the half-transparent blue OVER it.
        UniformFrames(name: "mode_palette_1bit_alpha.png", colours: [[0, 0, 0, 255], [0, 0, 128, 255]]),
    ]

    @Test("APNG suite files Pillow blends wrongly: the spec's colours, every pixel", arguments: uniformFrames)
    func specColours(_ expected: UniformFrames) throws {
        let image = try Self.decode(Self.corpora + "/apng/pillow-apng/" + expected.name)
        #expect(
            image.frames.count == expected.colours.count,
            "\(expected.name): \(image.frames.count) frames, expected \(expected.colours.count)")
        for (index, (frame, colour)) in zip(image.frames, expected.colours).enumerated() {
            let canvas = frame.image
            var pixels = [UInt8](repeating: 0, count: canvas.pixels.count)
            for i in pixels.indices { pixels[i] = colour[i % 4] }
            let reference = RGBAImage(width: canvas.width, height: canvas.height, pixels: pixels)
            if let problem = Self.difference(canvas, reference) {
                Issue.record("\(expected.name) frame \(index): \(problem)")
            }
        }
    }

    // MARK: Coverage

    /// The parameterized tests above find their files on disk; this fails if the corpora or fixtures are missing,
    /// and makes sure every valid APNG suite file is checked one way or the other.
    @Test("Every valid APNG suite file and the image-rs references are covered")
    func coverage() throws {
        #expect(
            Self.imageRSAPNGs.contains("ball.png") && Self.imageRSAPNGs.filter { $0.hasPrefix("wpt/") }.count == 6,
            "image-rs APNGs found: \(Self.imageRSAPNGs)")
        #expect(Self.imageRSGIFs.count >= 9, "image-rs GIF references found: \(Self.imageRSGIFs)")
        #expect(
            Self.pillowFixtures.filter { $0.hasPrefix("pillow-tests/gif/") }.count >= 15,
            "run Tests/Fixtures/make_reference_frames.py")
        let table = try String(contentsOfFile: Self.corpora + "/EXPECTED.tsv", encoding: .utf8)
        var valid: [String] = []
        for line in table.split(separator: "\n") {
            let fields: [Substring] = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count > 2, fields[0].hasPrefix("apng/pillow-apng/"), fields[2] == "valid" {
                valid.append(String(fields[0]))
            }
        }
        #expect(valid.count >= 30)
        let handWorked = Set(Self.uniformFrames.map { "apng/pillow-apng/" + $0.name })
        for path in valid where !Self.pillowFixtures.contains(path) && !handWorked.contains(path) {
            Issue.record("\(path) is valid but has neither a Pillow fixture nor hand-worked colours")
        }
    }
}

extension RGBAImage {
    /// The top-left width x height corner.
    func cropped(width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for row in 0..<height { pixels += self.pixels[(row * self.width * 4)..<(row * self.width + width) * 4] }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
