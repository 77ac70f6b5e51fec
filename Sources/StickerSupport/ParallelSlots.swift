import Foundation

/// One result slot per item of a `ParallelWork.forEach`, filled from several threads and read after it.
package final class ParallelSlots<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element?]

    package init(count: Int) { storage = Array(repeating: nil, count: count) }

    package func set(_ index: Int, _ element: Element) {
        lock.lock()
        storage[index] = element
        lock.unlock()
    }

    package subscript(index: Int) -> Element? {
        lock.lock()
        defer { lock.unlock() }
        return storage[index]
    }

    /// The filled slots, in order.
    package var items: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
