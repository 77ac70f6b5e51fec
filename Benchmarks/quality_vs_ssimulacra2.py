#!/usr/bin/env python3
"""SSIMULACRA2 on 618x618 pairs: stickerpack's time beside the PyPI package `ssimulacra2`'s, same pairs.

Usage: quality_vs_ssimulacra2.py PATH/TO/quality-bench [--reference PATH/TO/ssimulacra2]

The pairs are drawn here (the art of Tests/StickerQualityTests/Data/make_pairs.py at 618 px, with JPEG
and blur distortions) into a temporary folder. Ours: median of 21 runs after a warm-up, one workspace
reused, decoding not timed (quality-bench); also against a prepared original (its side computed once, as
StickerScorer keeps it for `fit`'s candidates). PyPI (pip install ssimulacra2): median of 5 calls of
compute_ssimulacra2, which also reads the two PNGs (a few ms). Both single-threaded; both times are CPU
time of the process, so other work on a shared machine does not count. With --reference, the
score of libjxl's reference tool is printed too (built apart; not timed, its process also decodes).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from PIL import ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "StickerQualityTests", "Data"))
from make_pairs import jpeg, sticker_art  # noqa: E402


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bench = sys.argv[1]
    reference = sys.argv[sys.argv.index("--reference") + 1] if "--reference" in sys.argv else None
    from ssimulacra2 import __version__ as pypi_version, compute_ssimulacra2

    folder = tempfile.mkdtemp(prefix="quality-bench-")
    source = sticker_art(618, 618, 7)
    source_path = os.path.join(folder, "source.png")
    source.save(source_path)
    distortions = {
        "jpeg50": jpeg(source, 50),
        "jpeg90": jpeg(source, 90, 0),
        "blur": source.filter(ImageFilter.GaussianBlur(1)),
    }
    paths = {}
    for name, image in distortions.items():
        paths[name] = os.path.join(folder, f"{name}.png")
        image.save(paths[name])

    args = [bench, "--runs", "21"]
    for path in paths.values():
        args += [source_path, path]
    ours = {}
    for line in subprocess.run(args, capture_output=True, text=True, check=True).stdout.splitlines():
        path, seconds, score, _, prepared = line.split("\t")
        ours[path] = (float(seconds), float(score), float(prepared))

    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    print(f"SSIMULACRA2, 618x618 pairs, single thread; {cpu}, {os.cpu_count()} cores; "
          f"ssimulacra2 (PyPI) {pypi_version}")
    header = "| pair | stickerpack ms | prepared original ms | PyPI ms | speed-up | stickerpack score | PyPI score |"
    if reference:
        header += " reference score |"
    print(header)
    print("|---" * (header.count("|") - 1) + "|")
    for name, path in paths.items():
        times = []
        for _ in range(5):
            start = time.process_time()
            pypi_score = compute_ssimulacra2(source_path, path)
            times.append(time.process_time() - start)
        pypi_seconds = statistics.median(times)
        seconds, score, prepared = ours[path]
        row = (f"| {name} | {seconds * 1000:.1f} | {prepared * 1000:.1f} | {pypi_seconds * 1000:.0f} "
               f"| {pypi_seconds / seconds:.1f}x "
               f"| {score:.3f} | {pypi_score:.3f} |")
        if reference:
            out = subprocess.run([reference, source_path, path], capture_output=True, text=True, check=True)
            row += f" {float(out.stdout.split()[-1]):.3f} |"
        print(row)


if __name__ == "__main__":
    main()
