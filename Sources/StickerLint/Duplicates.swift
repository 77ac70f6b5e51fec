import Foundation
import StickerImage
import StickerSupport

/// The exact check behind a duplicate: stickers whose pixel keys match are read again (the one second read the
/// linter allows) and compared, so a hash collision can never report a false duplicate. Equal bytes decode to
/// equal pixels, so a candidate whose file is byte for byte an earlier one's is confirmed without decoding; only
/// candidates of different bytes are decoded and compared frame by frame. Groups are checked on `jobs` workers.
enum Duplicates {
    /// What the check found: for each sticker identical to an earlier one, the earlier one's path; for each that
    /// no longer reads or decodes (it changed since its facts were taken), why (by index).
    struct Confirmed {
        var sameAs: [Int: String] = [:]
        var failed: [Int: DecodeError] = [:]

        mutating func merge(_ other: Confirmed) {
            sameAs.merge(other.sameAs) { a, _ in a }
            failed.merge(other.failed) { a, _ in a }
        }
    }

    static func confirm(_ stickers: [StickerFacts], limits: DecodeLimits, jobs: Int? = nil) -> Confirmed {
        var byKey: [PixelKey: [Int]] = [:]
        for (index, sticker) in stickers.enumerated() {
            if let key = sticker.pixelKey { byKey[key, default: []].append(index) }
        }
        let groups = byKey.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        let found = UnsafeMutableBufferPointer<Confirmed>.allocate(capacity: groups.count)
        found.initialize(repeating: Confirmed())
        defer {
            found.deinitialize()
            found.deallocate()
        }
        nonisolated(unsafe) let slots = found
        let paths = stickers.map(\.path)
        ParallelWork.forEach(groups.count, workers: jobs) { index in
            slots[index] = confirm(group: groups[index], paths: paths, limits: limits)
        }
        return found.reduce(into: Confirmed()) { all, group in all.merge(group) }
    }

    /// One group of equal keys, in path order: each member against the distinct ones before it. A member that
    /// fails to read or decode now is reported as failed, never taken for a distinct sticker.
    static func confirm(group: [Int], paths: [String], limits: DecodeLimits) -> Confirmed {
        var originals: [Original] = []
        var result = Confirmed()
        for index in group {
            let bytes: [UInt8]
            do {
                bytes = try ImageDecoder.readFile(at: paths[index], limits: limits)
            } catch {
                result.failed[index] = error
                continue
            }
            if let original = originals.first(where: { $0.bytes == bytes }) {
                result.sameAs[index] = paths[original.index]
                continue
            }
            // The first of a group is decoded only if a later one of other bytes needs its pixels.
            if originals.isEmpty {
                originals.append(Original(index: index, bytes: bytes))
                continue
            }
            let frames: [AnimationFrame]
            do {
                frames = try ImageDecoder.decode(bytes, limits: limits).frames
            } catch {
                result.failed[index] = error
                continue
            }
            var match: Int?
            for position in originals.indices {
                if originals[position].frames == nil {
                    do {
                        originals[position].frames = try ImageDecoder.decode(originals[position].bytes, limits: limits)
                            .frames
                    } catch {
                        result.failed[originals[position].index] = error
                        originals[position].frames = []
                    }
                }
                if let theirs = originals[position].frames, samePixels(theirs, frames) {
                    match = originals[position].index
                    break
                }
            }
            if let match {
                result.sameAs[index] = paths[match]
            } else {
                originals.append(Original(index: index, bytes: bytes, frames: frames))
            }
        }
        return result
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
