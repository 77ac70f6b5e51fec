import Foundation

/// A list that several threads append to (parallel workers collecting results and failures).
package final class LockedList<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element] = []

    package init() {}

    package func append(_ element: Element) {
        lock.lock()
        storage.append(element)
        lock.unlock()
    }

    package var items: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
