import Foundation

/// Workers of a batch left without a file: the ones beyond the number of files (fitting one sticker, all but one),
/// and, once every file has started, each that finishes and has nothing to take. The files still running may
/// borrow them to spread their own work over more threads.
final class SpareWorkers: @unchecked Sendable {
    private let lock = NSLock()
    private let files: Int
    private var started = 0
    private var idle: Int

    /// `workers`: how many the batch may run at once.
    init(files: Int, workers: Int) {
        self.files = files
        idle = max(0, workers - files)
    }

    /// A worker takes a file.
    func start() {
        lock.withLock { started += 1 }
    }

    /// A worker is done with its file: when every file has started, it takes no other and is idle.
    func finish() {
        lock.withLock { if started == files { idle += 1 } }
    }

    /// Runs `body` with 1 + the idle workers borrowed (at most `most` more), and gives them back after.
    func withBorrowed<T, E: Error>(upTo most: Int, _ body: (_ threads: Int) throws(E) -> T) throws(E) -> T {
        let taken = lock.withLock {
            let taken = min(idle, max(0, most))
            idle -= taken
            return taken
        }
        defer { lock.withLock { idle += taken } }
        return try body(1 + taken)
    }
}

extension SpareWorkers {
    /// `body` run on 1 + `spare`'s idle workers (at most `most` more; none without a batch), given back after.
    static func run<T, E: Error>(_ spare: SpareWorkers?, upTo most: Int, _ body: (_ threads: Int) throws(E) -> T)
        throws(E) -> T
    {
        guard let spare else { return try body(1) }
        return try spare.withBorrowed(upTo: most, body)
    }
}
