#!/usr/bin/env python3
"""Load: `stickerpack lint` on 1,000 and 10,000 stickers, on 10,000 real ones and on one 100 MB PNG, with the peak
resident memory of each run (GNU time's maximum resident set) beside its wall-clock time, against the
goal: under 100 MB for 10,000 files.

Usage: lint_load.py PATH/TO/stickerpack

The stickers are 408 px palette PNGs made once under .build/bench-load, each with its own palette, so no two
have the same pixels. The real ones are hard links cycling through the OpenMoji set of
Benchmarks/sticker_set.py (2,400 emoji as 618 px RGBA PNGs). The 100 MB file is a 5000x5000 RGBA PNG of random
pixels, stored uncompressed. Peak memory should follow the number of workers (one decoded image each), not the
number of files.
"""
import os
import sys
import struct
import zlib

import sticker_set
from benchutil import timed_run

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.path.join(os.path.normpath(os.path.join(HERE, "..")), ".build", "bench-load")


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, color_type, chunks):
    ihdr = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + ihdr + b"".join(chunks) + chunk(b"IEND", b"")


def make_stickers(count):
    folder = os.path.join(WORK, "stickers-%d" % count)
    if os.path.isdir(folder) and len(os.listdir(folder)) == count:
        return folder
    os.makedirs(folder, exist_ok=True)
    # One picture, a disc on a transparent ground; only the palette changes from file to file.
    size = 408
    rows = []
    for y in range(size):
        row = bytearray(size)
        for x in range(size):
            if (x - 204) ** 2 + (y - 204) ** 2 < 180 ** 2:
                row[x] = 1 + (x * 3 // size)
        rows.append(b"\0" + bytes(row))
    idat = chunk(b"IDAT", zlib.compress(b"".join(rows), 6))
    trns = chunk(b"tRNS", b"\x00")
    for i in range(count):
        colours = bytes([0, 0, 0]) + bytes([(i * 7) % 256, (i // 256) % 256, (i * 13) % 256]) * 3
        with open(os.path.join(folder, "sticker-%05d.png" % i), "wb") as f:
            f.write(png(size, size, 3, [chunk(b"PLTE", colours), trns, idat]))
    return folder


def make_big_file():
    path = os.path.join(WORK, "big", "random-5000.png")
    if os.path.exists(path):
        return path
    os.makedirs(os.path.dirname(path), exist_ok=True)
    width = height = 5000
    noise = os.urandom(width * 4)
    raw = b"".join(b"\0" + noise[(y * 4) % len(noise):] + noise[:(y * 4) % len(noise)] for y in range(height))
    with open(path, "wb") as f:
        f.write(png(width, height, 6, [chunk(b"IDAT", zlib.compress(raw, 0))]))
    return path


GOAL_BYTES = 100e6  # the goal: lint of 10,000 files stays under 100 MB peak


def main():
    binary = sys.argv[1]
    sticker_set.prepare()
    targets = [("1,000 stickers", make_stickers(1000)), ("10,000 stickers", make_stickers(10000)),
               ("10,000 OpenMoji stickers (618 px RGBA)", sticker_set.tree(10000)),
               ("one 100 MB PNG (5000x5000)", make_big_file())]
    print("lint under load, %d cores (CPU = user + system; peak memory is the child's maximum resident set)"
          % os.cpu_count())
    print("| input | MB on disk | seconds | CPU seconds | peak MiB |")
    print("|---|---|---|---|---|")
    goal = []
    for label, target in targets:
        files = [os.path.join(target, n) for n in os.listdir(target)] if os.path.isdir(target) else [target]
        megabytes = sum(os.path.getsize(f) for f in files) / 1e6
        # Exit 1 is lint finding errors in the stickers, a verdict and not a failed run.
        seconds, cpu, peak = timed_run([binary, "lint", target, "--quiet", "--format", "json"], ok_codes=(0, 1))
        print("| %s | %.1f | %.2f | %.2f | %.0f |" % (label, megabytes, seconds, cpu, peak))
        if label.startswith("10,000"):
            goal.append((label, peak))
    for label, peak in goal:
        verdict = "met" if peak * 1024 * 1024 < GOAL_BYTES else "NOT met"
        print("peak memory for %s: %.0f MiB = %.1f MB (goal < 100 MB: %s)" % (label, peak, peak * 1.048576, verdict))


if __name__ == "__main__":
    main()
