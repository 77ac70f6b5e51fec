#!/usr/bin/env python3
"""Decode time per format over the valid files of ../shared/corpora: stickerpack beside Pillow.

Usage: decode_vs_pillow.py PATH/TO/decode-bench [--runs N]

Both sides decode the same bytes from memory (file reading excluded), every frame, to RGBA (Pillow:
open, then for each frame seek and convert("RGBA"), which composites animations as stickerpack does),
single-threaded, median of N runs per file, summed per format. Ratio = Pillow time / stickerpack time.
"""
import io
import warnings
import os
import subprocess
import sys
import time

from PIL import Image

warnings.simplefilter("ignore")

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpora"))


def valid_files():
    rows = []
    with open(os.path.join(CORPORA, "EXPECTED.tsv")) as table:
        for line in table:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3 and fields[2] == "valid":
                rows.append(os.path.join(CORPORA, fields[0]))
    return rows


def pillow_decode(data):
    image = Image.open(io.BytesIO(data))
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        image.convert("RGBA").load()


def pillow_time(data, runs):
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        try:
            pillow_decode(data)
        except Exception:
            pass
        times.append(time.perf_counter() - start)
    times = sorted(times[1:])
    return times[len(times) // 2]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    files = valid_files()
    listing = os.path.join(os.path.dirname(os.path.abspath(binary)), "decode-bench-files.txt")
    with open(listing, "w") as f:
        f.write("\n".join(files) + "\n")
    ours = {}
    out = subprocess.run([binary, "--runs", str(runs), "--list", listing], capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        path, fmt, seconds, _frames = line.split("\t")
        if fmt not in ("-", "error"):
            ours[path] = (fmt, float(seconds))

    totals = {}
    for path, (fmt, seconds) in ours.items():
        with open(path, "rb") as f:
            data = f.read()
        entry = totals.setdefault(fmt, [0, 0, 0.0, 0.0])
        entry[0] += 1
        entry[1] += len(data)
        entry[2] += seconds
        entry[3] += pillow_time(data, runs)

    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"Decode to RGBA, every frame, single thread, median of {runs}; {cpu}, {os.cpu_count()} cores; Pillow {Image.__version__}\n")
    header = f"{'format':<8}{'files':>7}{'MB':>8}{'stickerpack ms':>16}{'Pillow ms':>12}{'ratio':>9}"
    print(header)
    print("-" * len(header))
    all_ = [0, 0, 0.0, 0.0]
    for fmt in ("png", "apng", "gif", "jpeg"):
        if fmt not in totals:
            continue
        n, size, mine, theirs = totals[fmt]
        all_ = [all_[0] + n, all_[1] + size, all_[2] + mine, all_[3] + theirs]
        print(f"{fmt:<8}{n:>7}{size / 1e6:>8.2f}{mine * 1000:>16.1f}{theirs * 1000:>12.1f}{theirs / mine:>8.2f}x")
    n, size, mine, theirs = all_
    print("-" * len(header))
    print(f"{'total':<8}{n:>7}{size / 1e6:>8.2f}{mine * 1000:>16.1f}{theirs * 1000:>12.1f}{theirs / mine:>8.2f}x")
    print("\nratio = Pillow time / stickerpack time: above 1, stickerpack is faster.")


if __name__ == "__main__":
    main()
