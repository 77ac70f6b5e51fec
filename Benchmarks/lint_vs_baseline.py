#!/usr/bin/env python3
"""`stickerpack lint` on real stickers beside its floor (a plain libpng decode in C) and its peer (Pillow).

Usage: lint_vs_baseline.py PATH/TO/stickerpack PATH/TO/png-decode-baseline [--jobs N] [--runs 3] [--tree 10000]

The set is OpenMoji's first 2,400 emoji as 618 px RGBA PNGs (Benchmarks/sticker_set.py brings it). In one run,
on the same files with the same number of processes N (default: the machine's cores):
  - `stickerpack lint SET --format json --quiet` (with `--jobs N` when lint has that option; without it lint
    uses every core),
  - png_decode_baseline N LIST: N processes, each decoding 1/N of the files to RGBA with libpng's simplified API,
  - Benchmarks/lint_checks_pillow.py --jobs N SET: the same checks as a Pillow user would script them.
Each is run once to warm the page cache, then timed 3 times, taking turns; the best time counts (the machine
is shared), and CPU time (user + system) is shown beside it.
Goals: lint / libpng <= 1.2 and lint / Pillow <= 0.5. Then lint's scaling from 1 to N workers on
a TREE-file folder of hard links to the set: with `--jobs 1` against `--jobs N` when lint has --jobs, else
(stated as such) lint pinned to one core with taskset against lint on all cores. Goal: at least 1.8x at 2.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import sticker_set
from benchutil import best_of, machine, require_tool

HERE = os.path.dirname(os.path.abspath(__file__))
LINT_OK = (0, 1)  # 1: lint found errors in the stickers, a verdict and not a failed run


def has_jobs_option(binary):
    done = subprocess.run([binary, "lint", "--help"], capture_output=True, text=True)
    return "--jobs" in done.stdout


def lint_command(binary, folder, jobs):
    return [binary, "lint", folder, "--format", "json", "--quiet"] + (["--jobs", str(jobs)] if jobs else [])


def table(rows, files):
    print("| run | seconds | files/s | CPU seconds | peak MiB |")
    print("|---|---|---|---|---|")
    for label, run in rows:
        print(f"| {label} | {run.seconds:.2f} | {files / run.seconds:.0f} | {run.cpu:.2f} | {run.peak_mib:.0f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stickerpack", help="the release binary, e.g. .build/release/stickerpack")
    parser.add_argument("baseline", help="the C baseline, e.g. .build/png-decode-baseline")
    parser.add_argument("--jobs", type=int, default=machine()[1], help="processes on every side (default: cores)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs each, after one warm-up (default 3)")
    parser.add_argument("--tree", type=int, default=10000, help="files in the scaling run's folder (0: skip)")
    args = parser.parse_args()
    binary = require_tool(os.path.abspath(args.stickerpack), "build it: swift build -c release --product stickerpack")
    baseline = require_tool(os.path.abspath(args.baseline), "build it: make bench (or cc -O2 "
                            "Benchmarks/png_decode_baseline.c $(pkg-config --cflags --libs libpng))")
    try:
        import PIL
    except ImportError:
        sys.exit("error: Pillow is missing: python3 -m pip install pillow")

    folder = sticker_set.prepare()
    files = sticker_set.stickers(folder)
    megabytes = sum(os.path.getsize(f) for f in files) / 1e6
    with_jobs = has_jobs_option(binary)
    cpu, cores = machine()
    print(f"lint beside a plain libpng decode and a Pillow script: {len(files)} OpenMoji stickers, "
          f"618 px RGBA PNG, {megabytes:.1f} MB; {cpu}, {cores} cores; {args.jobs} processes each")
    print(f"best of {args.runs} runs after one warm-up (page cache hot); CPU = user + system of all processes; "
          f"peak = the highest maximum resident set of one process (GNU time)")
    if not with_jobs:
        print(f"(lint has no --jobs option: it runs on all {cores} cores)")
    load()

    with tempfile.NamedTemporaryFile("w", prefix="lint-bench-", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(files) + "\n")
    try:
        pillow_script = [sys.executable, os.path.join(HERE, "lint_checks_pillow.py"), "--jobs", str(args.jobs), folder]
        lint, libpng, pillow = best_of(args.runs, [
            (lint_command(binary, folder, args.jobs if with_jobs else None), LINT_OK),
            ([baseline, str(args.jobs), listing.name], (0,)),
            (pillow_script, (0,))])
    finally:
        os.unlink(listing.name)

    table([("stickerpack lint", lint), ("libpng decode (C)", libpng), (f"Pillow {PIL.__version__} script", pillow)],
          len(files))
    for peer, goal, run in (("libpng", 1.2, libpng), ("Pillow", 0.5, pillow)):
        ratio = lint.seconds / run.seconds
        print(f"lint / {peer} = {ratio:.2f} wall, {lint.cpu / run.cpu:.2f} CPU "
              f"(goal <= {goal} wall: {'met' if ratio <= goal else 'not met'})")
    print(f"lint peak memory {lint.peak_mib:.0f} MiB")

    if args.tree:
        scaling(binary, args, with_jobs)
    load()


def load():
    """Other work on the machine skews every figure: its load average says how much there was."""
    print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())


def scaling(binary, args, with_jobs):
    tree = sticker_set.tree(args.tree)
    print(f"\nlint scaling on {args.tree:,} files (hard links to the set), best of {args.runs}:")
    if with_jobs:
        one, many = best_of(args.runs, [(lint_command(binary, tree, 1), LINT_OK),
                                        (lint_command(binary, tree, args.jobs), LINT_OK)])
        labels = ("--jobs 1", f"--jobs {args.jobs}")
    else:
        # No --jobs yet: one core through the scheduler's affinity instead (lint's threads then share it).
        taskset = shutil.which("taskset")
        if not taskset:
            print("  skipped: lint has no --jobs and taskset is missing (apt-get install util-linux)")
            return
        one, many = best_of(args.runs, [([taskset, "-c", "0"] + lint_command(binary, tree, None), LINT_OK),
                                        (lint_command(binary, tree, None), LINT_OK)])
        labels = ("taskset -c 0 (1 core)", f"all {machine()[1]} cores")
    table(zip(labels, (one, many)), args.tree)
    speedup = one.seconds / many.seconds
    print(f"speed-up {speedup:.2f}x at {args.jobs} (goal >= 1.8x: {'met' if speedup >= 1.8 else 'not met'})")


if __name__ == "__main__":
    main()
