#!/usr/bin/env python3
"""fit's search beside its exhaustive reference, one build: per file the worst-frame score of what the search writes
and of what `fit --search-everything` writes (a hidden, bench-only option: every size and frame rate searched, every
cell's best ranked at full size and refined, nothing pruned and no work budget), the candidates each encoded and the
seconds each took, and the files where the search is more than --tolerance points below the reference. Pruning may
save time, never score.

Usage: fit_reference_search.py PATH/TO/stickerpack [FILES...] [--fail-on-loss] [--tolerance 1.0] [--jobs 2]
(default FILES: every file of the animated, over-limit and long sets, made first where missing).

Both outputs are judged by the build's own `stickerpack compare ORIGINAL OUTPUT` (the worst frame over light and
dark). The reference takes many times the search's time: hours on the long set.
"""
import argparse
import os
import sys

from benchutil import ROOT, hold_folder
import fit_side_by_side
import fit_vs_peers

OUT = os.path.join(ROOT, ".build", "bench-reference-search")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stickerpack")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--fail-on-loss", action="store_true", help="exit 1 when the search is below the reference")
    parser.add_argument("--tolerance", type=float, default=1.0, help="points the search may be below (default 1)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = args.files or fit_side_by_side.default_files()
    if not files:
        sys.exit("no files given")
    held = hold_folder(OUT)  # noqa: F841 (held until the process ends)
    runs = [fit_vs_peers.run_fit(args.stickerpack, files, os.path.join(OUT, side), args.jobs, extra)
            for side, extra in (("search", ()), ("reference", ("--search-everything",)))]
    print(f"{'file':28} {'search: worst, bytes, candidates, seconds':>38}   {'reference':>38}  behind")
    behind = []
    for path in files:
        name = os.path.basename(path)
        results = [found[name] for _, found in runs]
        scores = [fit_side_by_side.judged(args.stickerpack, path, r) for r in results]
        gap = None if None in scores else scores[1] - scores[0]
        print(f"{name:28} {fit_side_by_side.cell(results[0], scores[0]):>38}   "
              f"{fit_side_by_side.cell(results[1], scores[1]):>38}  " + ("" if gap is None else f"{gap:+.1f}"))
        if scores[1] is not None and (gap is None or gap > args.tolerance):
            behind.append(name)
    for label, (wall, _) in zip(("search", "reference"), runs):
        print(f"{label}: wall {wall:.1f} s")
    print(f"\nfiles where the search is more than {args.tolerance:g} below the reference: {len(behind)}"
          + (f" ({', '.join(behind)})" if behind else ""))
    if args.fail_on_loss and behind:
        sys.exit(1)


if __name__ == "__main__":
    main()
