import Foundation
import StickerImage

/// Many files fitted at once: one file per worker, results in input order.
public enum FitBatch {
    /// `progress` is called with each file's path as it is done.
    public static func fit(
        _ files: [String], options: FitOptions, keepPreview: Bool = false, jobs: Int? = nil,
        progress: (@Sendable (String) -> Void)? = nil
    ) -> [FitResult] {
        let slots = Slots(count: files.count)
        ParallelWork.forEach(files.count, workers: jobs) { index in
            slots.set(index, StickerFitter.fit(files[index], options: options, keepPreview: keepPreview))
            progress?(files[index])
        }
        return slots.items
    }

    /// One slot per file, filled from several threads.
    final class Slots: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [FitResult?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: FitResult) {
            lock.lock()
            storage[index] = result
            lock.unlock()
        }

        var items: [FitResult] {
            lock.lock()
            defer { lock.unlock() }
            return storage.compactMap { $0 }
        }
    }
}
