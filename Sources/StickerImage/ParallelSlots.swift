import Foundation

/// One result slot per item of a `ParallelWork.forEach`, filled from several threads and read after it.
public final class ParallelSlots<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Element?]

    public init(count: Int) { storage = Array(repeating: nil, count: count) }

    public func set(_ index: Int, _ element: Element) {
        lock.lock()
        storage[index] = element
        lock.unlock()
    }

    public subscript(index: Int) -> Element? {
        lock.lock()
        defer { lock.unlock() }
        return storage[index]
    }

    /// The filled slots, in order.
    public var items: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage.compactMap { $0 }
    }
}
