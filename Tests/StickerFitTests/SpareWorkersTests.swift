import Testing

@testable import StickerFit

/// The threads a file's full score may borrow from its batch.
@Suite("Spare workers of a batch")
struct SpareWorkersTests {
    @Test("One file alone borrows every other worker the batch may run")
    func oneFileBorrowsTheRest() {
        let spare = SpareWorkers(files: 1, workers: 4)
        spare.start()
        #expect(spare.withBorrowed(upTo: 10) { $0 } == 4)
        #expect(spare.withBorrowed(upTo: 1) { $0 } == 2)
        // Given back after each use.
        #expect(spare.withBorrowed(upTo: 10) { $0 } == 4)
    }

    @Test("More files than workers: a worker is spare only once every file has started and it has finished")
    func spareAfterTheLastStart() {
        let spare = SpareWorkers(files: 3, workers: 2)
        spare.start()
        spare.start()
        #expect(spare.withBorrowed(upTo: 4) { $0 } == 1)
        spare.finish()
        #expect(spare.withBorrowed(upTo: 4) { $0 } == 1)
        spare.start()
        spare.finish()
        #expect(spare.withBorrowed(upTo: 4) { $0 } == 2)
    }
}
