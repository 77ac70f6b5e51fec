import Foundation
import StickerImage
import StickerSupport

/// Many files fitted at once: one file per worker, results in input order.
public enum FitBatch {
    /// `progress` is called with each file's path as it is done. `sequenceFrames` are fitted with
    /// `options.forSequenceFrames`.
    public static func fit(
        _ files: [String], options: FitOptions, sequenceFrames: Set<String> = [], keepPreview: Bool = false,
        jobs: Int? = nil, progress: (@Sendable (String) -> Void)? = nil
    ) -> [FitResult] {
        let frameOptions = options.forSequenceFrames
        let slots = ParallelSlots<FitResult>(count: files.count)
        let order = largestFirst(files)
        let spare = SpareWorkers(
            files: files.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        // The run's zlib streams, the one memo its files share: a file's own cache goes with its fit.
        let deflate = FitCache.runMemo()
        ParallelWork.forEach(files.count, workers: jobs) { position in
            let index = order[position]
            spare.start()
            let own = sequenceFrames.contains(files[index]) ? frameOptions : options
            let fitted = StickerFitter.fit(
                files[index], options: own, keepPreview: keepPreview, deflate: deflate, spare: spare)
            slots.set(index, fitted.result)
            progress?(files[index])
            spare.finish()
        }
        return slots.items
    }

    /// Indices of `files`, the largest file first: the long fits start early instead of forming the tail of the
    /// wall time. Bytes stand in for the work (pixels times frames), which is unknown before decoding.
    static func largestFirst(_ files: [String]) -> [Int] {
        let bytes = files.map { path in
            // Only the order: a file that cannot be read goes last, and its own fit reports why.
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        }
        return files.indices.sorted { bytes[$0] != bytes[$1] ? bytes[$0] > bytes[$1] : $0 < $1 }
    }
}
