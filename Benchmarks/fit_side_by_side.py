#!/usr/bin/env python3
"""Two builds of `stickerpack fit` side by side on the same files, one after the other in one run: per file the
worst-frame score fit reports (its full score), the bytes, the candidates encoded and the seconds, then each
build's wall time and mean worst score. For a change to fit's search: the machine drifts, so a change is judged
against the old commit's binary run beside it, never against an earlier day's figure.

Usage: fit_side_by_side.py OLD/stickerpack NEW/stickerpack [FILES...]
(default FILES: the GIFs of the animated and over-limit sets in .build/bench-data, made by `make bench`).
Each build runs `fit FILES... --dry-run --format json --jobs 2`: nothing is written.
"""
import json
import os
import subprocess
import sys
import time

from benchutil import ROOT


def default_files():
    data = os.path.join(ROOT, ".build", "bench-data")
    files = []
    for folder in ("animated", "over-limit"):
        path = os.path.join(data, folder)
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(".gif"))
    return files


def run(binary, files):
    """(wall seconds, {file name: fit's report of it})."""
    start = time.monotonic()
    out = subprocess.run(
        [binary, "fit", *files, "--dry-run", "--format", "json", "--jobs", "2"],
        capture_output=True, text=True, check=False)
    wall = time.monotonic() - start
    # 1 is fit's "under --min-quality" or "could not be fitted", reported per file; anything else is a failure.
    if out.returncode not in (0, 1):
        sys.exit(f"error: {binary} fit ended with status {out.returncode}\n{out.stderr.strip()[-2000:]}")
    report = json.loads(out.stdout)
    return wall, {os.path.basename(f["path"]): f for f in report["files"]}


def cell(result):
    score = (result.get("score") or {}).get("worst")
    after = result.get("after") or {}
    shown = "-" if score is None else f"{score:.1f}"
    return f"{shown:>7} {after.get('bytes', 0):>9,} {result['candidates']:>3}c {result['seconds']:6.1f}s"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1:3]
    files = sys.argv[3:] or default_files()
    if not files:
        sys.exit("no files: give some, or run `make bench` once to make .build/bench-data")
    runs = [run(binary, files) for binary in (old, new)]
    print(f"{'file':28} {'old: worst, bytes, candidates, seconds':>38}   {'new':>38}  gain")
    worst = [[], []]
    for name in (os.path.basename(f) for f in files):
        results = [found[name] for _, found in runs]
        scores = [(r.get("score") or {}).get("worst") for r in results]
        gain = f"{scores[1] - scores[0]:+.1f}" if None not in scores else ""
        print(f"{name:28} {cell(results[0]):>38}   {cell(results[1]):>38}  {gain}")
        for side, score in enumerate(scores):
            if score is not None:
                worst[side].append(score)
    for label, (wall, _), scores in zip(("old", "new"), runs, worst):
        mean = sum(scores) / len(scores) if scores else float("nan")
        print(f"{label}: wall {wall:.1f} s, mean worst {mean:.2f} over {len(scores)} files")
    print(f"new/old wall time: {runs[1][0] / runs[0][0]:.2f}")


if __name__ == "__main__":
    main()
