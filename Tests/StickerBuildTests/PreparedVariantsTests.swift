import Foundation
import StickerImage
import StickerLint
import Testing

@testable import StickerBuild

/// build makes its variants from lint's one decode of each sticker: the source is deleted as soon as the prepare
/// phase has handed its decoded image over, and the variants are still written, so nothing decoded it again.
@Suite("Build's variants come from lint's single decode")
struct PreparedVariantsTests {
    static let clean = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SamplePacks/Clean").path

    @Test("Variants written after the sources are gone: made from the prepare phase's decode")
    func variantsFromPreparedDecode() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("variants-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/art", withIntermediateDirectories: true)
        for name in ["cat.png", "wave.png"] {
            try FileManager.default.copyItem(atPath: Self.clean + "/" + name, toPath: root + "/art/" + name)
        }
        let plan = try PackPlan.make(folder: root + "/art")
        let paths = plan.items.compactMap { item -> String? in
            if case .file(let path) = item.source { return path } else { return nil }
        }
        let variants = PreparedVariants(writer: VariantWriter(), plan: plan)
        let make = variants.consumer(pack: 0, paths: paths)
        let prepared = Linter.prepare(
            [PackInput(name: "art", stickerPaths: paths)],
            consume: { key, bytes, image in
                make(key, bytes, image)
                try? FileManager.default.removeItem(atPath: paths[key.sticker])
            })
        #expect(prepared.decodes == 2)
        #expect(paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) })

        let wave = try variants.write(source: root + "/art/wave.png", into: root + "/out")
        #expect(wave.map(\.scale) == [3, 2, 1])
        #expect(wave.map(\.width) == [408, 272, 136])
        for output in wave {
            let image = try ImageDecoder.decodeFile(at: output.path)
            #expect(image.width == output.width && image.isAnimated)
        }
        #expect(throws: PreparedVariants.NotDecoded.self) {
            try variants.write(source: root + "/art/missing.png", into: root + "/out")
        }
    }
}
