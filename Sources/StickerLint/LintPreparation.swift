import Foundation
import StickerCatalog
import StickerImage

/// Sees each decoded image of the prepare phase while it is in memory, with the file's bytes: the one chance a
/// command that needs pixels (preview, build's variants) has, since the facts keep none.
public typealias DecodedImageConsumer =
    @Sendable (_ sticker: StickerKey, _ bytes: [UInt8], _ image: DecodedImage)
    -> Void

/// One pack after the prepare phase: its input and the facts of its stickers and icon sets, no pixels.
public struct PreparedPack: Sendable {
    public var input: PackInput
    /// In the order of `input.stickerPaths`; duplicates already confirmed (`sameAs`).
    public var stickers: [StickerFacts]
    public var iconSets: [IconSetFacts]
}

/// The prepare phase's result: every file read and decoded once, facts keyed by pack and sticker.
public struct PreparedPacks: Sendable {
    public var packs: [PreparedPack]
    /// Files the phase decoded (a refused or unreadable file is not decoded): one per sticker at most.
    public var decodes: Int

    public subscript(key: StickerKey) -> StickerFacts { packs[key.pack].stickers[key.sticker] }
}

extension Linter {
    /// The prepare phase: discover nothing new, read and decode every sticker once on `jobs` workers (nil: one per
    /// core), hand each decoded image to `consume`, keep only facts. Then, per pack, confirm duplicate candidates
    /// (the one allowed second decode: an exact comparison after a key match) and read the icon sets.
    public static func prepare(
        _ inputs: [PackInput], limits: DecodeLimits = .default, jobs: Int? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int, _ path: String) -> Void)? = nil,
        consume: DecodedImageConsumer? = nil
    ) -> PreparedPacks {
        let keys = inputs.indices.flatMap { pack in
            inputs[pack].stickerPaths.indices.map { StickerKey(pack: pack, sticker: $0) }
        }
        let (facts, decodes) = readFacts(inputs, keys: keys, limits: limits, jobs: jobs, progress: progress, consume)
        var offset = 0
        var packs: [PreparedPack] = []
        for input in inputs {
            var stickers = Array(facts[offset..<(offset + input.stickerPaths.count)])
            offset += input.stickerPaths.count
            // Frames of a sequence may repeat each other: only whole stickers are compared for duplicates.
            let whole = stickers.indices.filter { input.sequenceOf[stickers[$0].path] == nil }
            let confirmed = Duplicates.confirm(whole.map { stickers[$0] }, limits: limits, jobs: jobs)
            for (position, original) in confirmed.sameAs {
                stickers[whole[position]].sameAs = original
            }
            // A file that no longer reads or decodes changed while lint ran: it is reported as it is now.
            for (position, error) in confirmed.failed where stickers[whole[position]].decodeError == nil {
                stickers[whole[position]].decodeError = error
            }
            packs.append(PreparedPack(input: input, stickers: stickers, iconSets: input.iconSets.map(iconFacts)))
        }
        return PreparedPacks(packs: packs, decodes: decodes)
    }

    /// Facts for every key, in key order, and how many files were decoded. Each worker holds one decoded image
    /// at a time. A path its pack refused is not read: its facts carry the reason as an error.
    static func readFacts(
        _ inputs: [PackInput], keys: [StickerKey], limits: DecodeLimits, jobs: Int?,
        progress: (@Sendable (Int, Int, String) -> Void)?, _ consume: DecodedImageConsumer?
    ) -> ([StickerFacts], Int) {
        let results = UnsafeMutableBufferPointer<StickerFacts?>.allocate(capacity: keys.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        let counter = ProgressCounter(total: keys.count, report: progress)
        nonisolated(unsafe) let slots = results
        // One set of pixel buffers per worker, reused from file to file: no page-fault storm.
        nonisolated(unsafe) let buffers = (0..<ParallelWork.threadCount(keys.count, workers: jobs)).map { _ in
            PixelBuffers()
        }
        ParallelWork.forEach(keys.count, workers: jobs) { worker, index in
            let key = keys[index]
            let input = inputs[key.pack]
            let path = input.stickerPaths[key.sticker]
            var decoded = false
            if let reason = input.refused[path] {
                slots[index] = StickerFacts(path: path, decodeError: .outsideFolder(reason))
            } else {
                let visit = consume.map { consume in { @Sendable bytes, image in consume(key, bytes, image) } }
                (slots[index], decoded) = StickerFacts.readOnce(
                    path: path, limits: limits, buffers: buffers[worker], visit: visit)
            }
            counter.increment(path, decoded: decoded)
        }
        return (results.map { $0! }, counter.decodes)
    }
}
