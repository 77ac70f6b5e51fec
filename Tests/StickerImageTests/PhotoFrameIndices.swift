import Foundation
import TestSupport
import Testing

@testable import StickerImage

/// Two frames of a photo (iss634.gif) mapped to one palette of at most 256 colours, as indices: enough distinct
/// strings to fill an LZW code table, so the table policies differ. The LZW coders' tests share them.
enum PhotoFrameIndices {
    static func load() throws -> (table: ColorTable, frames: [[UInt8]]) {
        var image = try ImageDecoder.decodeFile(at: Corpus.path("pillow-tests/gif/iss634.gif"))
        image.frames = Array(image.frames.prefix(2))
        var table = ColorTable()
        let words = GIFEncoder.quantized(image).frames.map { frame in
            frame.image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        }
        for color in words.joined() where !table.insert(color) { Issue.record("more than 256 colours") }
        return (table, words.map { $0.map { table.index(of: $0) } })
    }
}
