import Foundation
import Testing
import StickerImage

/// Composited frames against reference renders, within 1 per channel: image-rs' references (made with
/// apngdis and browsers' rules), and Pillow's renders of the APNG suite where Pillow follows the spec.
@Suite("Composited frames match reference renders")
struct ReferenceFrameTests {
    static let imageRS = "image-rs-image-tests/"
    static let fixtures = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/reference-frames")

    /// Nil when equal within 1 per channel (fully transparent pixels equal whatever their colour); else where and how not.
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> String? {
        guard (a.width, a.height) == (b.width, b.height) else { return "size \(a.width)x\(a.height) vs \(b.width)x\(b.height)" }
        for i in Swift.stride(from: 0, to: a.pixels.count, by: 4) where !(a.pixels[i + 3] == 0 && b.pixels[i + 3] == 0) {
            for c in 0..<4 where abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c])) > 1 {
                let p = i / 4
                return "pixel (\(p % a.width), \(p / a.width)): ours \(Array(a.pixels[i..<(i + 4)])), reference \(Array(b.pixels[i..<(i + 4)]))"
            }
        }
        return nil
    }

    static func decode(_ path: String) throws -> DecodedImage { try ImageDecoder.decodeFile(at: path) }

    @Test("image-rs APNGs (ball, WPT dispose x blend): every frame; anim_NN is frame NN-1", arguments: [
        "png/apng/ball.png", "png/apng/wpt/dispose-background-blend-source.png", "png/apng/wpt/dispose-previous-blend-source.png",
        "png/apng/wpt/fcTL-blend-source-transparent.png", "png/apng/wpt/fcTL-dispose-in-region-background.png",
        "png/apng/wpt/fcTL-dispose-in-region-none.png", "png/apng/wpt/fcTL-dispose-in-region-previous.png",
    ])
    func imageRSAnimations(_ path: String) throws {
        let image = try Self.decode(Corpus.path(Self.imageRS + "images/" + path))
        let folder = Corpus.path(Self.imageRS + "reference/" + (path as NSString).deletingLastPathComponent)
        let prefix = (path as NSString).lastPathComponent + ".anim_"
        let references = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }.sorted()
        #expect(references.count == image.frames.count, "\(path): \(references.count) references, \(image.frames.count) frames")
        for name in references {
            let index = Int(name.dropFirst(prefix.count).prefix(2))! - 1
            let reference = try Self.decode(folder + "/" + name).frames[0].image
            if let problem = Self.difference(image.frames[index].image, reference) {
                Issue.record("\(path) frame \(index): \(problem)")
            }
        }
    }

    @Test("image-rs GIFs: the first frame, as browsers draw it (transparent canvas, clipped frames)", arguments: [
        "gif/anim/any-disposal.gif", "gif/anim/border_touching_layers.gif", "gif/anim/interlaced.gif",
        "gif/anim/issue_1455_undersized.gif", "gif/anim/mixed-disposal.gif", "gif/anim/oob.gif",
        "gif/simple/alpha_gif_a.gif", "gif/simple/issue_1455_oversized.gif", "gif/simple/sample_1.gif",
    ])
    func imageRSGIFs(_ path: String) throws {
        let image = try Self.decode(Corpus.path(Self.imageRS + "images/" + path))
        let reference = try Self.decode(Corpus.path(Self.imageRS + "reference/" + path + ".png")).frames[0].image
        if let problem = Self.difference(image.frames[0].image, reference) { Issue.record("\(path): \(problem)") }
    }

    static let pillowFixtures: [String] = {
        let folder = fixtures.appendingPathComponent("apng/pillow-apng").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }()

    @Test("APNG suite: every frame against Pillow's render (Tests/Fixtures/make_reference_frames.py)", arguments: pillowFixtures)
    func pillowAPNG(_ name: String) throws {
        let image = try Self.decode(Corpus.path("apng/pillow-apng/" + name))
        let folder = Self.fixtures.appendingPathComponent("apng/pillow-apng/" + name).path
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(frames.count == image.frames.count, "\(name): \(frames.count) reference frames, \(image.frames.count) decoded")
        for (index, file) in frames.enumerated() where index < image.frames.count {
            let reference = try Self.decode(folder + "/" + file).frames[0].image
            if let problem = Self.difference(image.frames[index].image, reference) { Issue.record("\(name) frame \(index): \(problem)") }
        }
    }

    @Test("The fixtures cover the APNG suite")
    func fixturesPresent() {
        #expect(Self.pillowFixtures.count >= 25, "run Tests/Fixtures/make_reference_frames.py")
    }

    /// Where Pillow leaves the spec, the spec's answer at one pixel (x, y) of one frame, worked out by hand.
    @Test("APNG suite files Pillow composites wrongly: the spec's pixel values", arguments: [
        // Frame 1 draws (0,255,0,2) OVER opaque green: alpha 2 + 255 * (1 - 2/255) = 255.
        ("blend_op_over_near_transparent.png", 1, 0, 0, [0, 255, 0, 255]),
        ("blend_op_over_near_transparent.png", 127, 0, 0, [0, 255, 0, 255]),
        // Frame 1 (red) is disposed PREVIOUS, so frame 2 (transparent, OVER) shows frame 0's green again.
        ("dispose_op_previous.png", 2, 0, 0, [0, 255, 0, 255]),
        ("dispose_op_previous_region.png", 2, 0, 0, [0, 255, 0, 255]),
        // Half-transparent blue OVER opaque black: (0, 0, 128), opaque.
        ("mode_16bit.png", 1, 0, 0, [0, 0, 128, 255]),
        ("mode_palette_1bit_alpha.png", 1, 0, 0, [0, 0, 128, 255]),
    ] as [(String, Int, Int, Int, [UInt8])])
    func specPixels(_ name: String, _ frame: Int, _ x: Int, _ y: Int, _ expected: [UInt8]) throws {
        let image = try Self.decode(Corpus.path("apng/pillow-apng/" + name))
        let canvas = image.frames[frame].image
        let i = (y * canvas.width + x) * 4
        let got = Array(canvas.pixels[i..<(i + 4)])
        #expect(zip(got, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "\(name) frame \(frame) (\(x),\(y)): \(got), spec \(expected)")
    }

    @Test("GIF disposal 2 clears to transparent and 3 restores the previous canvas, as browsers do")
    func gifDisposal() throws {
        // dispose_bgnd.gif: a full first frame, then 32x32 frames each disposed to background after showing.
        let background = try Self.decode(Corpus.path("pillow-tests/gif/dispose_bgnd.gif"))
        let third = background.frames[2].image
        #expect(third.pixels[(10 * third.width + 5) * 4 + 3] == 0, "the disposed 32x32 area at (5,10) is transparent")
        // dispose_prev.gif: every frame keeps the first frame's pixels outside its own area.
        let previous = try Self.decode(Corpus.path("pillow-tests/gif/dispose_prev.gif"))
        #expect(previous.frames.count > 2)
        let first = previous.frames[0].image, last = previous.frames[previous.frames.count - 1].image
        #expect(first.pixels[0..<4] == last.pixels[0..<4])
    }
}
