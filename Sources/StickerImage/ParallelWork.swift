import Foundation

/// Runs `body` for every index on at most `workers` threads at once (nil: one per core). Each worker takes
/// the next index as it finishes one, so a slow file never holds the others back.
public enum ParallelWork {
    public static func forEach(_ count: Int, workers: Int? = nil, _ body: @Sendable (Int) -> Void) {
        let threads = min(max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount), max(count, 1))
        if threads == 1 {
            for index in 0..<count { body(index) }
            return
        }
        let queue = IndexQueue()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let index = queue.take(below: count) { body(index) }
        }
    }

    /// The next index to work on, handed out once each.
    private final class IndexQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0

        func take(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}
