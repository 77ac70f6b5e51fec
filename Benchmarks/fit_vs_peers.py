#!/usr/bin/env python3
"""`stickerpack fit` beside its two peers, sticker-convert and a gifsicle ladder, on the animated set
(animated_set.py), the over-limit set (fit_set.py) and the long-animation set (long_set.py): per file fits, bytes and
worst-frame score, stills and animations apart, then the aggregates.

Usage: fit_vs_peers.py PATH/TO/stickerpack [--set animated|over-limit|long|all] [--jobs N] [--reuse-peers]
                       [--markdown FILE]

- fit: `stickerpack fit FILES... --output DIR --format json --jobs N` (its defaults otherwise), one run a set;
  its report gives each output and its seconds.
- sticker-convert: the iMessage preset of the file's longer side, run once a file with --processes 1; the sum of
  those runs' wall times is what fit's time goal is set against (fit's wall time over the set at most a sixth of it).
- the gifsicle ladder (gifsicle_ladder.py: -O3 over lossy 0-200, 256/128/64 colours, the file's own size and
  408 and 300 px below it; the best worst-frame score within the limit), GIFs only, its rungs N at once.
The tools run one after the other, never together. Each output is judged by `stickerpack compare ORIGINAL OUTPUT
--format json` (the worst frame over light and dark, frames matched on the timeline); it fits when it is at most
500,000 bytes and an animation is still one (a sped-up one fits and is flagged). An output that does not fit has
no score.

The aggregates, per set: the mean worst-frame score over the animations each tool fitted, and over those all
three fitted, each score floored at 0 first (below 0 every output is as unrecognisable, and one at -1,000 would
decide a mean); the files where fit scores under 50 and a peer fits one above 50; and, of the GIFs both fitted, the
share where fit's score is at least the ladder's.

--reuse-peers takes both peers' results from the last run over the same files (.build/bench-peers/SET/
results.json) and runs fit alone: a quick look at a change to fit. --markdown writes the tables as Markdown.
"""
import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import time

import animated_set
from benchutil import ROOT, machine, require_tool
import fit_set
import fit_vs_sticker_convert as peer
import gifsicle_ladder
import long_set

LIMIT = fit_set.LIMIT
OUT = os.path.join(ROOT, ".build", "bench-peers")
SETS = {"animated": animated_set, "over-limit": fit_set, "long": long_set}
TOOLS = ("fit", "sticker-convert", "gifsicle")
PEER_RUNS = "sticker-convert: one process a file"
TITLES = {"fit": "fit", "sticker-convert": "sticker-convert", "gifsicle": "gifsicle ladder"}


def describe(path):
    """(width, height, frames) by Pillow."""
    from PIL import Image
    with Image.open(path) as im:
        return im.width, im.height, getattr(im, "n_frames", 1)


def sides_note(width, height):
    """A note when a side is outside iMessage's 300-618 px (lint's error): the output fits the bytes, not the rule."""
    return f"{width}x{height} px" if min(width, height) < 300 or max(width, height) > 618 else ""


def assess(stickerpack, original, candidate):
    """Fits, bytes, worst and mean score of one output; None when there is none."""
    if candidate is None or not os.path.exists(candidate):
        return None
    size = os.path.getsize(candidate)
    facts = peer.compare(stickerpack, original, candidate)
    if facts is None:
        return {"bytes": size, "fits": False, "worst": None, "mean": None, "note": "does not decode"}
    still = facts["animationChanged"] and facts["original"]["frames"] > 1
    fits = size <= LIMIT and not still
    width, height = facts["candidate"]["width"], facts["candidate"]["height"]
    notes = ["became a still" if still else ("sped up %.2fx" % (1 / facts["durationRatio"]) if facts["spedUp"] else ""),
             sides_note(width, height)]
    return {"bytes": size, "fits": fits, "worst": facts["score"]["worst"] if fits else None,
            "mean": facts["score"]["mean"] if fits else None, "note": ", ".join(n for n in notes if n),
            "output": candidate, "width": width, "height": height}


def run_fit(stickerpack, files, out, jobs, extra=()):
    """(wall seconds, {file name: fit's report of it}), the outputs written into OUT/fit; `extra`: more options."""
    outputs = os.path.join(out, "fit")
    shutil.rmtree(outputs, ignore_errors=True)
    print(f"stickerpack fit --jobs {jobs}: {len(files)} files", flush=True)
    start = time.perf_counter()
    done = subprocess.run([stickerpack, "fit", *files, "--output", outputs, "--format", "json", "--jobs", str(jobs),
                           *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"error: stickerpack fit ended with status {done.returncode}: {done.stderr.decode()[-500:]}")
    with open(os.path.join(out, "fit-report.json"), "wb") as f:
        f.write(done.stdout)
    return seconds, {os.path.basename(entry["path"]): entry for entry in json.loads(done.stdout)["files"]}


def output_of(entry):
    """The absolute path of fit's output in its report `entry`, or None when it wrote none."""
    output = (entry or {}).get("output")
    return os.path.abspath(output) if output else None


def run_set(set_name, stickerpack, jobs, reuse_peers):
    module = SETS[set_name]
    folder, names = module.prepare()
    files = [os.path.join(folder, n) for n in names]
    out = os.path.join(OUT, set_name)
    os.makedirs(out, exist_ok=True)
    record_path = os.path.join(out, "results.json")
    info = {n: describe(p) for n, p in zip(names, files)}
    sizes = {p: info[n][:2] for n, p in zip(names, files)}

    previous = None
    if reuse_peers:
        try:
            with open(record_path) as f:
                previous = json.load(f)
        except (OSError, ValueError):
            previous = None
        if previous and previous.get("files") != names:
            previous = None
            print("no recorded run of the peers over these files: running them", flush=True)
        elif previous and previous.get("peerRuns") != PEER_RUNS:
            # A record from before sticker-convert ran a file at a time timed another thing.
            previous = None
            print("the recorded run timed sticker-convert a preset at a time: running the peers", flush=True)
        else:
            print("reusing both peers' results from the last run" if previous else
                  "no recorded run of the peers: running them", flush=True)

    seconds = {}
    seconds["fit"], fitted = run_fit(stickerpack, files, out, jobs)
    rows = {n: {"fit": assess(stickerpack, p, output_of(fitted.get(n)))} for n, p in zip(names, files)}
    for n in names:
        if rows[n]["fit"]:
            rows[n]["fit"]["seconds"] = fitted[n]["seconds"]
    if previous:
        seconds.update({k: previous["seconds"][k] for k in ("sticker-convert", "gifsicle")})
        for n in names:
            rows[n]["sticker-convert"] = previous["rows"][n]["sticker-convert"]
            rows[n]["gifsicle"] = previous["rows"][n]["gifsicle"]
    else:
        seconds["sticker-convert"] = peer.run_sticker_convert_each(files, sizes, out)
        for n, p in zip(names, files):
            rows[n]["sticker-convert"] = assess(stickerpack, p, peer.sticker_convert_output(p, sizes, out))
        gifs = [p for p in files if gifsicle_ladder.gif_size(p) is not None]
        ladder_out = os.path.join(out, "gifsicle")
        os.makedirs(ladder_out, exist_ok=True)
        print(f"gifsicle ladder, {jobs} at once: {len(gifs)} GIFs\n{gifsicle_ladder.HEADER}", flush=True)
        start, ladder = time.perf_counter(), []
        for p in gifs:
            ladder.append(gifsicle_ladder.ladder(p, ladder_out, stickerpack, jobs))
            print(gifsicle_ladder.line(ladder[-1]), flush=True)
        seconds["gifsicle"] = time.perf_counter() - start
        with open(os.path.join(ladder_out, "gifsicle-ladder.json"), "w") as f:
            json.dump({"limit": LIMIT, "jobs": jobs, "files": ladder}, f, indent=1)
        by_name = {r["file"]: r for r in ladder}
        for n in names:
            r = by_name.get(n)
            rows[n]["gifsicle"] = None if r is None else {
                "bytes": r["bytes"], "fits": r["fits"], "worst": r["worst"], "mean": r["mean"], "note": "",
                "settings": gifsicle_ladder.settings(r), "seconds": r["seconds"], "output": r["output"]}
            if r and r["output"]:
                width, height = gifsicle_ladder.gif_size(r["output"])
                rows[n]["gifsicle"].update(width=width, height=height, note=sides_note(width, height))
    record = {"set": set_name, "files": names, "info": info, "seconds": seconds, "rows": rows, "peerRuns": PEER_RUNS,
              "bytes": {n: os.path.getsize(p) for n, p in zip(names, files)}}
    with open(record_path, "w") as f:
        json.dump(record, f, indent=1)
    return record


# --- the tables ----------------------------------------------------------------------------------------------------

def cell(result, gif):
    if result is None:
        return "-" if not gif else "no output"
    if not result["fits"]:
        return f"NO {result['bytes']:,}" + (f" ({result['note']})" if result["note"] else "")
    return f"{result['bytes']:,} / {result['worst']:.1f}" + (f" ({result['note']})" if result["note"] else "")


def tables(record):
    """Markdown: one table for stills, one for animations."""
    out = []
    for kind, animated in (("Stills", False), ("Animations", True)):
        names = [n for n in record["files"] if (record["info"][n][2] > 1) == animated]
        if not names:
            continue
        out.append(f"{kind} ({len(names)}); a cell: the output's bytes / worst-frame score when it fits, `NO bytes` "
                   "when it does not\n")
        out.append("| file | px | frames | bytes | fit | sticker-convert | gifsicle ladder | the ladder's setting |")
        out.append("|---|---|---|---|---|---|---|---|")
        for n in names:
            w, h, frames = record["info"][n]
            row = record["rows"][n]
            gif = n.lower().endswith(".gif")
            ladder = row["gifsicle"]
            setting = ladder["settings"] if ladder and ladder["fits"] else ""
            out.append(f"| {n} | {w}x{h} | {frames} | {record['bytes'][n]:,} | {cell(row['fit'], True)} | "
                       f"{cell(row['sticker-convert'], True)} | {cell(ladder, gif) if gif else '-'} | {setting} |")
        out.append("")
    return "\n".join(out)


def fitted_score(result, valid_sides=False):
    """The score of an output that fits; with valid_sides, only of one whose sides are 300-618 px too."""
    if valid_sides and result and result.get("width") and sides_note(result["width"], result["height"]):
        return None
    return result["worst"] if result and result["fits"] else None


def floored(score):
    """A score for a mean: below 0 all are alike (nothing of the sticker is left)."""
    return max(0.0, score)


def aggregates(record):
    rows, names = record["rows"], record["files"]
    animations = [n for n in names if record["info"][n][2] > 1]
    common = [n for n in animations if all(fitted_score(rows[n][t]) is not None for t in TOOLS)]
    lines = [f"| tool | animations fitted | mean worst score of those (floored at 0) | mean over the {len(common)} "
             "all three fitted | wall time |", "|---|---|---|---|---|"]
    for tool in TOOLS:
        eligible = [n for n in animations if tool != "gifsicle" or n.lower().endswith(".gif")]
        scores = [fitted_score(rows[n][tool]) for n in eligible]
        scores = [s for s in scores if s is not None]
        mean = f"{sum(map(floored, scores)) / len(scores):.1f}" if scores else "-"
        mean_common = (f"{sum(floored(fitted_score(rows[n][tool])) for n in common) / len(common):.1f}" if common
                       else "-")
        lines.append(f"| {TITLES[tool]} | {len(scores)} of {len(eligible)} | {mean} | {mean_common} | "
                     f"{record['seconds'][tool]:.1f} s |")
    losses = []
    for n in names:
        ours = fitted_score(rows[n]["fit"])
        if ours is not None and ours >= 50:
            continue
        better = [(TITLES[t], fitted_score(rows[n][t]), rows[n][t]["note"]) for t in ("sticker-convert", "gifsicle")
                  if (fitted_score(rows[n][t]) or float("-inf")) > 50]
        if better:
            losses.append(f"{n} (fit {'none' if ours is None else f'{ours:.1f}'}; "
                          + ", ".join(f"{t} {s:.1f}" + (f" at {note}" if note else "") for t, s, note in better) + ")")
    both = [n for n in names if n.lower().endswith(".gif") and fitted_score(rows[n]["fit"]) is not None
            and fitted_score(rows[n]["gifsicle"]) is not None]
    wins = [n for n in both if fitted_score(rows[n]["fit"]) >= fitted_score(rows[n]["gifsicle"])]
    valid = [n for n in both if fitted_score(rows[n]["gifsicle"], True) is not None]
    valid_wins = [n for n in valid if fitted_score(rows[n]["fit"]) >= fitted_score(rows[n]["gifsicle"])]
    lost = [f"{n} ({fitted_score(rows[n]['fit']):.1f} against {fitted_score(rows[n]['gifsicle']):.1f})"
            for n in both if n not in wins]
    lines.append("")
    lines.append(f"- fit under 50 where a peer fits one above 50: {len(losses)}"
                 + (": " + "; ".join(losses) if losses else ""))
    lines.append(f"- GIFs fitted by both fit and the ladder where fit scores at least as high: {len(wins)} of "
                 f"{len(both)}" + (f" ({len(wins) / len(both):.0%})" if both else "")
                 + (f"; fit lower on {', '.join(lost)}" if lost else ""))
    lines.append(f"- the same, of the ladder's outputs whose sides are 300-618 px (lint's rule): {len(valid_wins)} of "
                 f"{len(valid)}" + (f" ({len(valid_wins) / len(valid):.0%})" if valid else ""))
    if record.get("peerRuns") == PEER_RUNS:
        lines.append("- " + time_goal(record["seconds"]))
    else:
        lines.append("- no time goal: this record timed sticker-convert a preset at a time, not a file at a time")
    return "\n".join(lines)


def time_goal(seconds):
    """fit's wall time against sticker-convert's one-process runs, summed: the goal is a sixth or less."""
    ratio = seconds["fit"] / seconds["sticker-convert"]
    return (f"fit's wall time against sticker-convert's one-process runs summed: {seconds['fit']:.1f} s against "
            f"{seconds['sticker-convert']:.1f} s, {ratio:.3f} (goal 1/6 = 0.167 or less: "
            f"{'PASS' if ratio <= 1 / 6 else 'FAIL'})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stickerpack")
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--jobs", type=int, default=machine()[1], help="fit's --jobs and the ladder's rungs at once "
                        "(default: one per core); sticker-convert runs one process a file")
    parser.add_argument("--reuse-peers", action="store_true", help="take both peers' results from the last run")
    parser.add_argument("--markdown", help="also write the tables to this file")
    parser.add_argument("--report", action="store_true", help="print the tables of the last run, running nothing")
    args = parser.parse_args()
    stickerpack = require_tool(args.stickerpack, "build it: swift build -c release --product stickerpack")
    require_tool("gifsicle", "apt-get install gifsicle (make bench does)")
    if not (args.reuse_peers or args.report):
        require_tool("sticker-convert", "python3 -m pip install sticker-convert (make bench does)")
    cpu, cores = machine()
    sets = list(SETS) if args.set == "all" else [args.set]
    text, records = [], []
    for name in sets:
        print(f"\n== fit beside sticker-convert and a gifsicle ladder: the {name} set ({cpu}, {cores} cores)",
              flush=True)
        if args.report:
            with open(os.path.join(OUT, name, "results.json")) as f:
                record = json.load(f)
        else:
            record = run_set(name, stickerpack, args.jobs, args.reuse_peers)
        block = f"### The {name} set\n\n{tables(record)}\n{aggregates(record)}\n"
        print("\n" + block, flush=True)
        text.append(block)
        records.append(record)
    if len(records) > 1 and all(r.get("peerRuns") == PEER_RUNS for r in records):
        both = {tool: sum(r["seconds"][tool] for r in records) for tool in ("fit", "sticker-convert")}
        block = f"All {len(records)} sets: {time_goal(both)}\n"
        print(block, flush=True)
        text.append(block)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(f"Measured {datetime.date.today().isoformat()} ({cpu}, {cores} cores)\n\n" + "\n".join(text))


if __name__ == "__main__":
    main()
