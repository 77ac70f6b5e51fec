import Testing

@testable import StickerSupport

@Suite("SHA-256")
struct SHA256Tests {
    @Test("FIPS 180-4 test vectors: whole, with the plain C rounds, and fed in uneven pieces")
    func vectors() {
        let cases: [([UInt8], String)] = [
            ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                [UInt8](repeating: 0x61, count: 1_000_000),
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
            ),
        ]
        for (message, digest) in cases {
            #expect(SHA256.hex(message) == digest)
            var plain = SHA256()
            plain.portable = true
            plain.update(message)
            #expect(plain.finalizeHex() == digest, "plain C rounds: \(message.count) bytes")
            var pieces = SHA256()
            var start = 0
            var size = 1
            while start < message.count {
                let end = min(message.count, start + size)
                pieces.update(Array(message[start..<end]))
                (start, size) = (end, size * 3 % 97 + 1)
            }
            #expect(pieces.finalizeHex() == digest, "in pieces: \(message.count) bytes")
        }
    }
}
