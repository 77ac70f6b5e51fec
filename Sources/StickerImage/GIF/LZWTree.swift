/// The LZW code table as a tree, for the lossy search: each code's children (to try the ones whose last pixel is
/// close to the next pixel) and each code's prefix and last pixel (to spell the string a code decodes to). Codes
/// below `roots` are the single pixels. Memory of its own, valid inside `with`.
struct LZWTree {
    private static let size = 4096
    private let firstChild: UnsafeMutablePointer<UInt16>
    private let sibling: UnsafeMutablePointer<UInt16>
    private let prefix: UnsafeMutablePointer<UInt16>
    private let childCount: UnsafeMutablePointer<UInt16>
    private let last: UnsafeMutablePointer<UInt8>

    private init(storage: UnsafeMutablePointer<UInt16>, last: UnsafeMutablePointer<UInt8>) {
        firstChild = storage
        sibling = storage + Self.size
        prefix = storage + 2 * Self.size
        childCount = storage + 3 * Self.size
        self.last = last
    }

    static func with<R>(roots: Int, _ body: (LZWTree) -> R) -> R {
        let storage = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * size)
        let last = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer {
            storage.deallocate()
            last.deallocate()
        }
        storage.initialize(repeating: 0, count: 4 * size)
        last.initialize(repeating: 0, count: size)
        for code in 0..<roots { last[code] = UInt8(code) }
        return body(LZWTree(storage: storage, last: last))
    }

    /// The first child of `code`, 0 when it has none (no child is code 0).
    @inline(__always)
    func firstChild(of code: Int) -> Int { Int(firstChild[code]) }

    /// The next child of the same parent, 0 after the last.
    @inline(__always)
    func sibling(of code: Int) -> Int { Int(sibling[code]) }

    /// How many children `code` has.
    @inline(__always)
    func children(of code: Int) -> Int { Int(childCount[code]) }

    /// The last pixel of the string `code` stands for.
    @inline(__always)
    func last(of code: Int) -> Int { Int(last[code]) }

    /// `code` is the string of `prefix` followed by `pixel`.
    @inline(__always)
    func add(_ code: Int, prefix parent: Int, pixel: UInt8) {
        prefix[code] = UInt16(parent)
        last[code] = pixel
        sibling[code] = firstChild[parent]
        firstChild[parent] = UInt16(code)
        childCount[parent] += 1
    }

    /// Forgets the codes added (the table was cleared): no code below `next` has children any more.
    func clear(upTo next: Int) {
        firstChild.update(repeating: 0, count: next)
        childCount.update(repeating: 0, count: next)
    }

    /// Writes the `count` pixels `code` stands for to `out`.
    func spell(_ code: Int, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        var code = code
        for offset in stride(from: count - 1, to: 0, by: -1) {
            out[offset] = last[code]
            code = Int(prefix[code])
        }
        out[0] = UInt8(code)
    }
}
