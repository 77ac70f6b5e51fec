#!/usr/bin/env python3
"""fit's time goal, measured as the median of several rounds: fit's wall time over the fit sets (the animated set, the
over-limit set and the long-animation set) against sticker-convert's one-process runs of the same files, summed.

Usage: fit_time_goal.py PATH/TO/stickerpack [--rounds N] [--jobs N]

A single run of fit_vs_peers.py moves by 4-7 % from run to run (sticker-convert's own sum alone), as much as the goal's
margin; so here the two tools take turns, round after round, and the goal is judged on the median round. Each round
runs exactly what fit_vs_peers.py times (`stickerpack fit FILES --output DIR --format json --jobs N`, then
sticker-convert's iMessage preset a file at a time with --processes 1) and scores nothing: fit_vs_peers.py is where the
outputs are judged.
"""
import argparse
import os
import statistics

from benchutil import ROOT, machine, require_tool
import fit_vs_peers
import fit_vs_sticker_convert as peer

OUT = os.path.join(ROOT, ".build", "bench-time-goal")
GOAL = 1 / 6


def one_round(stickerpack, prepared, jobs):
    """{set: (fit's wall seconds, sticker-convert's summed seconds)} for one round."""
    times = {}
    for name, (files, sizes) in prepared.items():
        out = os.path.join(OUT, name)
        os.makedirs(out, exist_ok=True)
        fit_seconds, _ = fit_vs_peers.run_fit(stickerpack, files, out, jobs)
        times[name] = (fit_seconds, peer.run_sticker_convert_each(files, sizes, out))
    return times


def ratio_line(label, fit_seconds, peer_seconds):
    ratio = fit_seconds / peer_seconds
    return f"{label}: fit {fit_seconds:.1f} s against sticker-convert {peer_seconds:.1f} s, {ratio:.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stickerpack")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both tools over every set (default 3)")
    parser.add_argument("--jobs", type=int, default=machine()[1], help="fit's --jobs (default: one per core)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    stickerpack = require_tool(args.stickerpack, "build it: swift build -c release --product stickerpack")
    require_tool("sticker-convert", "python3 -m pip install sticker-convert (make bench does)")
    cpu, cores = machine()
    prepared = {}
    for name, module in fit_vs_peers.SETS.items():
        folder, names = module.prepare()
        files = [os.path.join(folder, n) for n in names]
        prepared[name] = (files, {p: fit_vs_peers.describe(p)[:2] for p in files})

    rounds = []
    for number in range(1, args.rounds + 1):
        print(f"\n== round {number} of {args.rounds} ({cpu}, {cores} cores)", flush=True)
        rounds.append(one_round(stickerpack, prepared, args.jobs))
        for name, (fit_seconds, peer_seconds) in rounds[-1].items():
            print(ratio_line(f"round {number}, the {name} set", fit_seconds, peer_seconds), flush=True)

    print(f"\n== fit's time against sticker-convert's one-process runs, {args.rounds} rounds ({cpu}, {cores} cores)")
    whole = []
    for number, times in enumerate(rounds, 1):
        fit_seconds = sum(t[0] for t in times.values())
        peer_seconds = sum(t[1] for t in times.values())
        whole.append(fit_seconds / peer_seconds)
        parts = "; ".join(f"{name} {t[0] / t[1]:.3f}" for name, t in times.items())
        print(f"- {ratio_line(f'round {number}, every set', fit_seconds, peer_seconds)} ({parts})")
    for name in fit_vs_peers.SETS:
        median = statistics.median(times[name][0] / times[name][1] for times in rounds)
        print(f"- the {name} set, median ratio: {median:.3f}")
    median = statistics.median(whole)
    verdict = "PASS" if median <= GOAL else "FAIL"
    print(f"- every set, median ratio: {median:.3f} (goal 1/6 = {GOAL:.3f} or less: {verdict}; "
          f"rounds {min(whole):.3f}-{max(whole):.3f})")


if __name__ == "__main__":
    main()
