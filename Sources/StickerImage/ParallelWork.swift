import Foundation

/// Runs `body` for every index on at most `workers` threads at once (nil: one per core). Each worker takes
/// the next index as it finishes one, so a slow file never holds the others back.
public enum ParallelWork {
    public static func forEach(_ count: Int, workers: Int? = nil, _ body: @Sendable (Int) -> Void) {
        forEach(count, workers: workers) { _, index in body(index) }
    }

    /// `forEach`, telling `body` which worker (0..<threads) runs it, so each worker can keep its own state
    /// (reused buffers) without a lock.
    public static func forEach(
        _ count: Int, workers: Int? = nil, _ body: @Sendable (_ worker: Int, _ index: Int) -> Void
    ) {
        let threads = threadCount(count, workers: workers)
        if threads == 1 {
            for index in 0..<count { body(0, index) }
            return
        }
        let queue = IndexQueue()
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            while let index = queue.take(below: count) { body(worker, index) }
        }
    }

    /// How many workers `forEach` runs for `count` items.
    public static func threadCount(_ count: Int, workers: Int? = nil) -> Int {
        min(max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount), max(count, 1))
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
