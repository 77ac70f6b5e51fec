import Foundation
import StickerImage
import StickerSupport

/// The exact check behind a duplicate: stickers whose pixel keys match are read again (the one second read the
/// linter allows) and compared, so a hash collision can never report a false duplicate. Equal bytes decode to
/// equal pixels, so a candidate whose file is byte for byte an earlier one's is confirmed without decoding; only
/// candidates of different bytes are decoded and compared frame by frame. Groups are checked on `jobs` workers.
enum Duplicates {
    /// For each sticker identical to an earlier one of `stickers`, the earlier one's path (by index).
    static func confirm(_ stickers: [StickerFacts], limits: DecodeLimits, jobs: Int? = nil) -> [Int: String] {
        var byKey: [PixelKey: [Int]] = [:]
        for (index, sticker) in stickers.enumerated() {
            if let key = sticker.pixelKey { byKey[key, default: []].append(index) }
        }
        let groups = byKey.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        let found = UnsafeMutableBufferPointer<[Int: String]>.allocate(capacity: groups.count)
        found.initialize(repeating: [:])
        defer {
            found.deinitialize()
            found.deallocate()
        }
        nonisolated(unsafe) let slots = found
        let paths = stickers.map(\.path)
        ParallelWork.forEach(groups.count, workers: jobs) { index in
            slots[index] = confirm(group: groups[index], paths: paths, limits: limits)
        }
        return found.reduce(into: [:]) { all, group in all.merge(group) { a, _ in a } }
    }

    /// One group of equal keys, in path order: each member against the distinct ones before it.
    static func confirm(group: [Int], paths: [String], limits: DecodeLimits) -> [Int: String] {
        var originals: [Original] = []
        var sameAs: [Int: String] = [:]
        for index in group {
            guard let bytes = try? FileBytes.read(paths[index], limit: limits.maxFileBytes) else { continue }
            if let original = originals.first(where: { $0.bytes == bytes }) {
                sameAs[index] = paths[original.index]
                continue
            }
            // The first of a group is decoded only if a later one of other bytes needs its pixels.
            if originals.isEmpty {
                originals.append(Original(index: index, bytes: bytes))
                continue
            }
            guard let frames = try? ImageDecoder.decode(bytes, limits: limits).frames else { continue }
            var match: Int?
            for position in originals.indices {
                if originals[position].frames == nil {
                    originals[position].frames = try? ImageDecoder.decode(originals[position].bytes, limits: limits)
                        .frames
                }
                if let theirs = originals[position].frames, samePixels(theirs, frames) {
                    match = originals[position].index
                    break
                }
            }
            if let match {
                sameAs[index] = paths[match]
            } else {
                originals.append(Original(index: index, bytes: bytes, frames: frames))
            }
        }
        return sameAs
    }

    /// A distinct sticker of a group: its bytes, and its frames once a candidate of other bytes needed them.
    struct Original {
        let index: Int
        let bytes: [UInt8]
        var frames: [AnimationFrame]? = nil
    }

    /// Every frame's pixels equal; delays may differ (the art is the same).
    static func samePixels(_ a: [AnimationFrame], _ b: [AnimationFrame]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.image == $1.image }
    }
}
