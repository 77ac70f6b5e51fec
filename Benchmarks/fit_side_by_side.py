#!/usr/bin/env python3
"""Two builds of `stickerpack fit` side by side on the same files, one after the other in one run: per file the
worst-frame score of each build's output, the bytes, the candidates encoded and the seconds, then each build's wall
time and mean worst score, and the files whose score moved by more than a point. For a change to fit's search: the
machine drifts, so a change is judged against the old commit's binary run beside it, never against an earlier day's
figure.

Usage: fit_side_by_side.py OLD/stickerpack NEW/stickerpack [FILES...] [--fail-on-loss] [--tolerance 1.0]
(default FILES: every file of the animated, over-limit and long sets, made first where missing).

Each build runs `fit FILES... --output DIR --format json --jobs 2`; both builds' outputs are judged by the same
judge, the new build's `stickerpack compare ORIGINAL OUTPUT` (the worst frame over light and dark), so a change to
the scorer does not pass for a change to the outputs. An output that does not fit or is not written has no score;
a file that had one and has none has lost. --fail-on-loss exits 1 when any file loses more than --tolerance points
(the bench's regression check).
"""
import argparse
import os
import sys

from benchutil import ROOT, hold_folder
import fit_vs_peers

OUT = os.path.join(ROOT, ".build", "bench-side-by-side")


def default_files():
    """Every file of the bench sets, made first where missing."""
    files = []
    for module in fit_vs_peers.SETS.values():
        folder, names = module.prepare()
        files += [os.path.join(folder, name) for name in names]
    return files


def judged(judge, original, entry):
    """The worst-frame score of fit's output of `original` by `judge`, or None when it has none that fits."""
    found = fit_vs_peers.assess(judge, original, fit_vs_peers.output_of(entry))
    return found["worst"] if found and found["fits"] else None


def cell(result, score):
    after = result.get("after") or {}
    shown = "-" if score is None else f"{score:.1f}"
    return f"{shown:>7} {after.get('bytes', 0):>9,} {result.get('candidates', 0):>3}c {result['seconds']:6.1f}s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--fail-on-loss", action="store_true", help="exit 1 when a file loses more than the tolerance")
    parser.add_argument("--tolerance", type=float, default=1.0, help="points a file may move unreported (default 1)")
    args = parser.parse_args()
    files = args.files or default_files()
    if not files:
        sys.exit("no files given")
    held = hold_folder(OUT)  # noqa: F841 (held until the process ends)
    runs = [fit_vs_peers.run_fit(binary, files, os.path.join(OUT, side), jobs=2)
            for side, binary in (("old", args.old), ("new", args.new))]
    print(f"{'file':28} {'old: worst, bytes, candidates, seconds':>38}   {'new':>38}  gain")
    worst, moved, lost = [[], []], [], []
    for path in files:
        name = os.path.basename(path)
        results = [found[name] for _, found in runs]
        scores = [judged(args.new, path, r) for r in results]
        gain = None if None in scores else scores[1] - scores[0]
        print(f"{name:28} {cell(results[0], scores[0]):>38}   {cell(results[1], scores[1]):>38}  "
              + ("" if gain is None else f"{gain:+.1f}"))
        for side, score in enumerate(scores):
            if score is not None:
                worst[side].append(score)
        if scores[0] is not None and (gain is None or gain < -args.tolerance):
            lost.append(name)
        if scores[0] != scores[1] and (gain is None or abs(gain) > args.tolerance):
            moved.append((name, *scores))
    for label, (wall, _), scores in zip(("old", "new"), runs, worst):
        mean = sum(scores) / len(scores) if scores else float("nan")
        print(f"{label}: wall {wall:.1f} s, mean worst {mean:.2f} over {len(scores)} files")
    print(f"new/old wall time: {runs[1][0] / runs[0][0]:.2f}")

    def shown(score):
        return "none" if score is None else f"{score:.1f}"

    print(f"\nfiles whose score moved by more than {args.tolerance:g}: {len(moved)}")
    for name, old, new in moved:
        print(f"  {name:28} {shown(old):>7} -> {shown(new):>7}")
    if lost:
        print(f"lost more than {args.tolerance:g}: {', '.join(lost)}")
    if args.fail_on_loss and lost:
        sys.exit(1)


if __name__ == "__main__":
    main()
