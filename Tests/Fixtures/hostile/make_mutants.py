#!/usr/bin/env python3
"""Writes mutants of valid files whose headers claim absurd sizes: PNG IHDR, GIF logical screen and first-frame
bounds, JPEG SOF. Each must be refused with an error, never a trap. Usage: make_mutants.py FOLDER CORPORA"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_hostile import chunk, png, ihdr, write  # noqa: E402

U31 = 0x7FFF_FFFF


def gif_frame(screen, frame):
    """One 1x1-pixel-data frame (its LZW is a clear code, index 0, end) at `frame` = (x, y, w, h) on `screen`."""
    out = b"GIF89a" + struct.pack("<HHBBB", *screen, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    out += b"," + struct.pack("<HHHHB", *frame, 0) + b"\x02\x02\x44\x01\x00"
    return out + b";"


def main(folder, corpora):
    os.makedirs(folder, exist_ok=True)
    idat = chunk(b"IDAT", zlib.compress(b"\0" * 64))
    for name, (w, h) in {
        "ihdr-max.png": (U31, U31), "ihdr-tall.png": (1, U31), "ihdr-wide.png": (U31, 1),
        "ihdr-2pow16.png": (65536, 65536), "ihdr-beyond-31-bits.png": (0xFFFF_FFFF, 0xFFFF_FFFF),
        "ihdr-zero.png": (0, 0),
    }.items():
        write(folder, name, png(ihdr(w, h), idat))

    for name, (screen, frame) in {
        "screen-max.gif": ((65535, 65535), (0, 0, 1, 1)),
        "screen-zero-frame-max.gif": ((0, 0), (0, 0, 65535, 65535)),
        "frame-offset-max.gif": ((1, 1), (65535, 65535, 65535, 65535)),
        "frame-past-screen.gif": ((16, 16), (65535, 0, 1, 1)),
    }.items():
        write(folder, name, gif_frame(screen, frame))

    original = open(os.path.join(corpora, "libjpeg-turbo-testimages/testorig.jpg"), "rb").read()
    sof = original.find(b"\xff\xc0")
    for name, (w, h) in {
        "sof-max.jpg": (65535, 65535), "sof-tall.jpg": (1, 65535), "sof-wide.jpg": (65535, 1),
        "sof-zero.jpg": (0, 0), "sof-65500.jpg": (65500, 65500), "sof-past-limit.jpg": (16385, 16384),
    }.items():
        jpeg = bytearray(original)
        jpeg[sof + 5:sof + 9] = struct.pack(">HH", h, w)
        write(folder, name, bytes(jpeg))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
