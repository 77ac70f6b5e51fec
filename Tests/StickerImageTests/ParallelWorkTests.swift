import Foundation
import StickerImage
import Testing

@Suite("Parallel work on a bounded number of workers")
struct ParallelWorkTests {
    final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var seen: [Int] = []
        var running = 0
        var mostAtOnce = 0
    }

    @Test(
        "Every index once, never more workers at once than asked",
        arguments: [(0, 2), (1, 1), (100, 1), (100, 2), (37, 7)])
    func everyIndexOnce(_ count: Int, _ workers: Int) {
        let tally = Tally()
        ParallelWork.forEach(count, workers: workers) { index in
            tally.lock.withLock {
                tally.running += 1
                tally.mostAtOnce = max(tally.mostAtOnce, tally.running)
            }
            usleep(200)
            tally.lock.withLock {
                tally.seen.append(index)
                tally.running -= 1
            }
        }
        #expect(tally.seen.sorted() == Array(0..<count))
        #expect(tally.mostAtOnce <= workers)
    }
}
