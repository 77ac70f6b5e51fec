import Foundation

/// Workers of a batch left without a file: once every file has started, a worker that finishes has nothing to
/// take, and the files still running (the long tail) may borrow it to spread their own work over more threads.
final class SpareWorkers: @unchecked Sendable {
    private let lock = NSLock()
    private var idle = 0

    /// A worker that will take no more files.
    func release() {
        lock.lock()
        idle += 1
        lock.unlock()
    }

    /// Takes up to `most` idle workers; give them back with `giveBack` when done.
    func borrow(upTo most: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let taken = min(idle, max(0, most))
        idle -= taken
        return taken
    }

    func giveBack(_ count: Int) {
        guard count > 0 else { return }
        lock.lock()
        idle += count
        lock.unlock()
    }

    /// Runs `body` with 1 + the workers borrowed (at most `most` more), and gives them back after.
    func withBorrowed<T>(upTo most: Int, _ body: (_ threads: Int) -> T) -> T {
        let taken = borrow(upTo: most)
        defer { giveBack(taken) }
        return body(1 + taken)
    }
}
