#!/usr/bin/env python3
"""Decode time per format over the valid corpus files: stickerpack beside Pillow.

Usage: python3 Benchmarks/decode_vs_pillow.py PATH/TO/decode-bench [--runs N] [--corpora DIR]

The files are the rows of EXPECTED.tsv whose verdict is `valid`, grouped by the TSV's format column
(png = still PNG, apng = animated PNG, gif, jpeg). Both sides decode the same bytes from memory (file
reading excluded), every frame composited to a full RGBA canvas, single-threaded: stickerpack through
ImageDecoder.decode in the decode-bench binary, Pillow as open(BytesIO) then, for each frame, seek and
convert("RGBA"). Each file is decoded once to warm up and N more times; the per-file medians are summed
per format. ratio = Pillow time / stickerpack time, so above 1 means stickerpack is faster.

Files that either side cannot decode are left out of both columns and listed under the table.
"""
import argparse
import io
import os
import platform
import subprocess
import sys
import tempfile
import time
import warnings

from PIL import Image

from benchutil import machine

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPORA = os.path.normpath(os.path.join(HERE, "..", "Tests", "Corpora"))
FORMATS = ("png", "apng", "gif", "jpeg")

# The corpora hold deliberately odd files; Pillow's warnings (truncated data, odd EXIF...) are not news here.
warnings.simplefilter("ignore")
Image.MAX_IMAGE_PIXELS = None


def valid_files(corpora):
    """(absolute path, TSV format) of every valid row, in TSV order."""
    rows = []
    with open(os.path.join(corpora, "EXPECTED.tsv"), encoding="utf-8") as table:
        for line in table:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3 and fields[2] == "valid" and fields[1] in FORMATS:
                rows.append((os.path.join(corpora, fields[0]), fields[1]))
    return rows


def run_ours(binary, paths, runs):
    """path -> (format, median seconds, frames) or (error message,) from one run of decode-bench."""
    with tempfile.NamedTemporaryFile("w", prefix="decode-bench-", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(paths) + "\n")
    try:
        done = subprocess.run([binary, "--runs", str(runs), "--list", listing.name],
                              capture_output=True, text=True)
    finally:
        os.unlink(listing.name)
    if done.returncode != 0:
        sys.exit(f"{binary} failed (exit {done.returncode}):\n{done.stderr}")
    results = {}
    for line in done.stdout.splitlines():
        if line.startswith("#") or not line:
            continue
        path, fmt, seconds, frames, _size, error = line.split("\t", 5)
        results[path] = (error,) if fmt == "error" else (fmt, float(seconds), int(frames))
    return results


def pillow_decode(data):
    """Open, then every frame composited and converted to RGBA, as stickerpack decodes. Returns the frame count.

    An APNG whose default image is not part of the animation (Pillow: info["default_image"]) shows that image
    to Pillow as frame 0; stickerpack returns only the animation frames, so frame 0 is not converted here
    (Pillow still inflates it on the way to frame 1, as its seek requires)."""
    with Image.open(io.BytesIO(data)) as image:
        first = 1 if image.format == "PNG" and image.info.get("default_image") else 0
        frames = getattr(image, "n_frames", 1)
        for index in range(first, frames):
            image.seek(index)
            image.convert("RGBA").load()
    return frames - first


def pillow_time(data, runs):
    """(median seconds, frames) or an exception message."""
    try:
        frames = pillow_decode(data)  # warm-up, and does it decode at all
    except Exception as error:  # noqa: BLE001 - any failure just leaves the file out
        return f"{type(error).__name__}: {error}"
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        pillow_decode(data)
        seconds.append(time.perf_counter() - start)
    return median(seconds), frames


def median(values):
    values = sorted(values)
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the decode-bench executable, e.g. .build/benchmarks/release/decode-bench (make bench-build)")
    parser.add_argument("--runs", type=int, default=7, help="timed decodes per file after one warm-up (default 7)")
    parser.add_argument("--corpora", default=DEFAULT_CORPORA, help="corpus folder with EXPECTED.tsv")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    cpu, cores = machine()
    print(f"Pillow {Image.__version__}, Python {platform.python_version()}; {cpu}, nproc {cores}; {platform.machine()}")
    print(f"Decode from memory to RGBA, every frame composited, single thread; median of {args.runs} runs per file "
          f"after one warm-up, summed per format.\n")

    rows = valid_files(args.corpora)
    started = time.perf_counter()
    ours = run_ours(args.binary, [path for path, _ in rows], args.runs)

    totals = {fmt: [0, 0, 0.0, 0.0] for fmt in FORMATS}  # files, bytes, our seconds, Pillow seconds
    left_out = []
    frame_mismatches = []
    for path, fmt in rows:
        with open(path, "rb") as f:
            data = f.read()
        mine = ours.get(path, ("missing from decode-bench output",))
        theirs = pillow_time(data, args.runs)
        problems = []
        if len(mine) == 1:
            problems.append(f"stickerpack: {mine[0]}")
        if isinstance(theirs, str):
            problems.append(f"Pillow: {theirs}")
        name = os.path.relpath(path, args.corpora)
        if problems:
            left_out.append(f"{name} ({fmt}): " + "; ".join(problems))
            continue
        if mine[2] != theirs[1]:
            frame_mismatches.append(f"{name}: stickerpack {mine[2]} frames, Pillow {theirs[1]}")
        entry = totals[fmt]
        entry[0] += 1
        entry[1] += len(data)
        entry[2] += mine[1]
        entry[3] += theirs[0]
    elapsed = time.perf_counter() - started

    header = f"{'format':<8}{'files':>7}{'MB':>9}{'stickerpack ms':>16}{'Pillow ms':>12}{'ratio':>9}"
    rule = "-" * len(header)
    print(header)
    print(rule)

    def line(label, n, size, mine, theirs):
        ratio = f"{theirs / mine:>8.2f}x" if mine > 0 else f"{'-':>9}"
        print(f"{label:<8}{n:>7}{size / 1e6:>9.2f}{mine * 1e3:>16.1f}{theirs * 1e3:>12.1f}{ratio}")

    for fmt in FORMATS:
        if totals[fmt][0]:
            line(fmt, *totals[fmt])
    print(rule)
    line("total", *(sum(column) for column in zip(*totals.values())))
    print("\nratio = Pillow time / stickerpack time: above 1, stickerpack is faster. MB = file bytes (10^6).")

    if left_out:
        print(f"\nLeft out ({len(left_out)} of {len(rows)} valid files; not decoded by one side):")
        for entry in left_out:
            print(f"  {entry}")
    if frame_mismatches:
        print(f"\nFrame counts differ ({len(frame_mismatches)} files; timed anyway):")
        for entry in frame_mismatches:
            print(f"  {entry}")
    print(f"\n({elapsed:.0f} s)")


if __name__ == "__main__":
    main()
