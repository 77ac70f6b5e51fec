#!/usr/bin/env python3
"""Writes the hostile inputs of the end-to-end tests into a folder: decompression and dimension bombs, LZW
abuse, a million-frame APNG header. Made at test time so the repository holds no multi-megabyte bombs.
Usage: make_hostile.py FOLDER CORPORA"""
import os
import shutil
import struct
import sys
import zlib


class Bits:
    """Deflate's bit order: fields least significant bit first, Huffman codes most significant bit first."""

    def __init__(self):
        self.value, self.count = 0, 0

    def field(self, value, width):
        self.value |= value << self.count
        self.count += width

    def code(self, code, width):
        self.field(int(format(code, f"0{width}b")[::-1], 2), width)

    def bytes(self):
        return self.value.to_bytes((self.count + 7) // 8, "little")


def zeros_zlib(size_at_least):
    """A zlib stream of zero bytes, built directly at deflate's best ratio (1032:1): one dynamic-Huffman block
    whose codes are 1 bit for length 258 and 1 bit for distance 1, so each body byte, 0x00, is four matches.
    Returns the stream and the inflated size; 2 GiB take 2 MB and no time to make."""
    body = (size_at_least - 1) // (258 * 4) + 1
    head = Bits()
    head.field(1, 1); head.field(2, 2)      # the last block, dynamic Huffman
    head.field(286 - 257, 5); head.field(0, 5); head.field(18 - 4, 4)
    # Code-length code: symbols 0, 1, 2 and 18 (a run of zeros) at 2 bits each, in deflate's order.
    order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1]
    for symbol in order:
        head.field(2 if symbol in (0, 1, 2, 18) else 0, 3)
    cl = {0: 0b00, 1: 0b01, 2: 0b10, 18: 0b11}
    # Lengths: literal 0 and end-of-block 2 bits, length symbol 285 1 bit, then one distance code of 1 bit.
    head.code(cl[2], 2)
    head.code(cl[18], 2); head.field(138 - 11, 7)
    head.code(cl[18], 2); head.field(117 - 11, 7)
    head.code(cl[2], 2)
    head.code(cl[18], 2); head.field(28 - 11, 7)
    head.code(cl[1], 2)
    head.code(cl[1], 2)
    head.code(0b10, 2)                      # literal 0
    head.code(0, 1); head.code(0, 1)        # two matches, which bring the head to a whole byte
    head.code(0, 1); head.code(0, 1)
    assert head.count % 8 == 0
    tail = Bits()
    tail.code(0b11, 2)                      # end of block
    size = 1 + 258 * (2 + 4 * body)
    adler = ((size % 65521) << 16) | 1
    return b"\x78\x01" + head.bytes() + bytes(body) + tail.bytes() + struct.pack(">I", adler), size


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(*chunks):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunks) + chunk(b"IEND", b"")


def ihdr(width, height, color_type=6):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))


def gif(width, height, code_size, data, screen=None):
    """One image; `data` is the raw LZW bytes, cut into sub-blocks here."""
    sw, sh = screen or (width, height)
    out = b"GIF89a" + struct.pack("<HHBBB", sw, sh, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    out += b"," + struct.pack("<HHHHB", 0, 0, width, height, 0) + bytes([code_size])
    for i in range(0, len(data), 255):
        block = data[i:i + 255]
        out += bytes([len(block)]) + block
    return out + b"\x00;"


def many_scans_jpeg(width, height, scans):
    """A progressive grey JPEG whose AC scans are each a few end-of-band runs over every block, repeated: a
    scan costs the decoder a pass over the whole image, and thousands fit in a small file."""
    def segment(marker, body):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(body) + 2) + body
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    out = b"\xff\xd8" + segment(0xDB, b"\x00" + bytes([1] * 64))
    out += segment(0xC2, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00")
    # Each table has one 1-bit code: DC difference category 0, and AC end-of-band run class 14.
    out += segment(0xC4, b"\x00" + bytes([1] + [0] * 15) + b"\x00")
    out += segment(0xC4, b"\x10" + bytes([1] + [0] * 15) + b"\xe0")
    out += segment(0xDA, b"\x01\x01\x00\x00\x00\x00") + bytes((blocks + 7) // 8)
    bits, left = "", blocks
    while left > 0:
        run = max(min(left, 32767), 16384)
        bits += "0" + format(run - 16384, "014b")
        left -= run
    bits += "1" * (-len(bits) % 8)
    scan = int(bits, 2).to_bytes(len(bits) // 8, "big").replace(b"\xff", b"\xff\x00")
    return out + (segment(0xDA, b"\x01\x01\x00\x01\x3f\x00") + scan) * scans + b"\xff\xd9"


def write(folder, name, data):
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main(folder, corpora):
    os.makedirs(folder, exist_ok=True)
    bomb, _ = zeros_zlib(2 << 30)

    # Dimension bombs: headers far past the limits, in each format.
    write(folder, "dimension-bomb.png", png(ihdr(100_000, 100_000), chunk(b"IDAT", zlib.compress(b"\0" * 64))))
    write(folder, "dimension-bomb.gif", gif(65_535, 65_535, 2, b"\x4c\x01"))
    jpeg = bytearray(open(os.path.join(corpora, "libjpeg-turbo-testimages/testorig.jpg"), "rb").read())
    sof = jpeg.find(b"\xff\xc0")
    jpeg[sof + 5:sof + 9] = struct.pack(">HH", 65_500, 65_500)
    write(folder, "dimension-bomb.jpg", bytes(jpeg))

    # Zip bombs: a 2 MB IDAT that inflates to 2 GiB behind a modest image, and the same as a zTXt chunk.
    write(folder, "zip-bomb-idat.png", png(ihdr(2000, 2000), chunk(b"IDAT", bomb)))
    small = zlib.compress(b"".join(b"\0" + b"\x80\x40\x20\xff" * 408 for _ in range(408)))
    write(folder, "zip-bomb-ztxt.png", png(ihdr(408, 408), chunk(b"zTXt", b"Comment\0\0" + bomb), chunk(b"IDAT", small)))

    # LZW abuse: a code size past 8, a stream of nothing but clear codes, codes past the table, and a
    # known decompression bomb from Pillow's tests.
    write(folder, "lzw-code-size.gif", gif(16, 16, 12, b"\xff" * 64))
    write(folder, "lzw-clear-codes.gif", gif(16, 16, 2, b"\x84\x10\x42\x08\x21" * 20_000))
    write(folder, "lzw-bad-codes.gif", gif(64, 64, 2, b"\xfe\xff\xef\xbe" * 512))
    shutil.copy(os.path.join(corpora, "pillow-tests/gif/decompression_bomb.gif"), os.path.join(folder, "lzw-bomb.gif"))

    # 5000 progressive scans over a 4000x3000 image in 200 KB: minutes of decoding without a scan limit.
    write(folder, "many-scans.jpg", many_scans_jpeg(4000, 3000, 5000))

    # An APNG header declaring a million frames, with one real frame.
    pixels = zlib.compress(b"".join(b"\0" + b"\x10\x20\x30\xff" * 408 for _ in range(408)))
    write(folder, "million-frames.png", png(ihdr(408, 408), chunk(b"acTL", struct.pack(">II", 1_000_000, 0)),
                                            chunk(b"fcTL", struct.pack(">IIIIIHHBB", 0, 408, 408, 0, 0, 1, 10, 0, 0)),
                                            chunk(b"IDAT", pixels)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
