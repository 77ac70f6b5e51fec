import CGIF

/// giflib pulls bytes through a C callback; this carries the file and the position.
final class GIFByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The callback `DGifOpen` is given: copies up to `count` bytes from the source in the file's user data.
    static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
        let source = Unmanaged<GIFByteSource>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(count), source.bytes.count - source.offset)
        guard n > 0 else { return 0 }
        source.bytes.withUnsafeBufferPointer { all in
            buffer.update(from: all.baseAddress! + source.offset, count: n)
        }
        source.offset += n
        return Int32(n)
    }
}
