import CDeflate

/// One libdeflate compressor at one level, for whole buffers. Not shared between threads: each encode
/// makes its own (allocation is cheap next to compressing a sticker).
final class DeflateCompressor {
    fileprivate let compressor: OpaquePointer
    let level: Int
    /// The caller's streams made before, handed out again (nil: every stream is made anew).
    let memo: ZlibMemo?

    init(level: Int, memo: ZlibMemo? = nil) throws(EncodeError) {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw EncodeError.libraryFailed("cannot start libdeflate at level \(level) (out of memory?)")
        }
        self.compressor = compressor
        self.level = level
        self.memo = memo
    }

    /// A compressor at another level that shares this one's memo.
    func atLevel(_ level: Int) throws(EncodeError) -> DeflateCompressor {
        try DeflateCompressor(level: level, memo: memo)
    }

    deinit { libdeflate_free_compressor(compressor) }

    /// `input` as one zlib stream, what a PNG's image data holds (the one made before, when the memo kept it).
    func zlib(_ input: UnsafeRawBufferPointer) throws(EncodeError) -> [UInt8] {
        guard let memo else { return try compressAnew(input) }
        return try memo.stream(level: level, of: input) { () throws(EncodeError) in try compressAnew(input) }
    }

    /// `input` as one zlib stream, made by libdeflate whatever the memo holds.
    func compressAnew(_ input: UnsafeRawBufferPointer) throws(EncodeError) -> [UInt8] {
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var written = 0
        let out = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            written = libdeflate_zlib_compress(compressor, input.baseAddress, input.count, buffer.baseAddress, bound)
            count = written
        }
        guard written > 0 else { throw EncodeError.libraryFailed("libdeflate could not compress the image data") }
        return out
    }
}

extension DeflateCompressor {
    /// `data` as one zlib stream.
    func zlib(_ data: [UInt8]) throws(EncodeError) -> [UInt8] {
        try data.withUnsafeBytes { raw in Result { () throws(EncodeError) in try zlib(raw) } }.get()
    }

    /// The size of `input` as raw deflate, written into `scratch` (grown as needed): for comparing choices.
    func deflatedSize(_ input: UnsafeRawBufferPointer, scratch: inout [UInt8]) -> Int {
        let bound = libdeflate_deflate_compress_bound(compressor, input.count)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: bound) }
        return scratch.withUnsafeMutableBytes { out in
            libdeflate_deflate_compress(compressor, input.baseAddress, input.count, out.baseAddress, bound)
        }
    }
}

/// The CRC-32 of PNG chunks, through libdeflate's table-free (folding) implementation.
enum DeflateCRC32 {
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { update(0, $0) }
    }
}
