#!/usr/bin/env python3
"""What the x86-64 SIMD paths buy, against the portable code an arm64 Mac runs: each command as it runs by
default and with STICKERPACK_PORTABLE=1 (every x86 path off), taking turns, on this x86-64 machine. The ratio is
the portable path's CPU time over the x86 path's. It says how much of the speed measured here rests on x86
kernels; it says nothing of a Mac's own speed, which only a Mac can measure.

Usage: python3 Benchmarks/portable_vs_x86.py PATH/TO/stickerpack [--runs N]
"""
import argparse
import os
import platform
import sys
import tempfile

from benchutil import ROOT, best_of, machine

PORTABLE = ["env", "STICKERPACK_PORTABLE=1"]


def workloads(binary, scratch):
    over = os.path.join(ROOT, "SamplePacks", "OverLimit")
    return [
        # The resampler: every frame of the four over-limit stickers at @2x and @1x.
        ("variants (resampler)", [binary, "variants", over, "-o", os.path.join(scratch, "v"), "--force", "--quiet"],
         (0,)),
        # The whole fit: resampling, quantising, encoding and SSIMULACRA2 scores of every candidate.
        ("fit --dry-run wheel.png", [binary, "fit", os.path.join(over, "wheel.png"), "--dry-run", "--quiet"], (0, 1)),
        ("fit --dry-run waving.apng", [binary, "fit", os.path.join(over, "waving.apng"), "--dry-run", "--quiet"],
         (0, 1)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if platform.machine() not in ("x86_64", "AMD64"):
        sys.exit("error: this compares the x86-64 paths with the portable ones; run it on x86-64")
    cpu, cores = machine()
    print(f"STICKERPACK_PORTABLE=1 against the x86 paths: {cpu}, {cores} cores; best of {args.runs} runs each")
    print(f"{'workload':28} {'x86 CPU s':>10} {'portable CPU s':>15} {'ratio':>7}")
    with tempfile.TemporaryDirectory(prefix="portable-bench-") as scratch:
        for name, command, ok in workloads(args.binary, scratch):
            x86, portable = best_of(args.runs, [(command, ok), (PORTABLE + command, ok)])
            print(f"{name:28} {x86.cpu:10.2f} {portable.cpu:15.2f} {portable.cpu / x86.cpu:6.2f}x")


if __name__ == "__main__":
    main()
