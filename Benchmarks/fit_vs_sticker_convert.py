#!/usr/bin/env python3
"""`stickerpack fit` beside sticker-convert (PyPI) on the over-limit set (Benchmarks/fit_set.py, 32 stickers).

Usage: fit_vs_sticker_convert.py PATH/TO/stickerpack [--limit N] [--frames 6] [--reuse-peer]

sticker-convert runs with the iMessage preset of each file's longer side (618 px and up: imessage_large, 408 and
up: imessage_medium, else imessage_small) and --processes 2, one run per preset over a folder of hard links;
fit runs once over the set with its defaults: `stickerpack fit SET --output DIR --format json --jobs 2`.
Per file: whether the output fits (500,000 bytes at most; an animation turned into a still does not fit, and
a sped-up animation is flagged, from the total durations), its bytes, its score by the project's metric
(`stickerpack compare`: the worst frame over light and dark, frames matched on the timeline) and by the PyPI
`ssimulacra2` package as an independent judge. That package ignores alpha and reads one frame, so each pair is
decoded by Pillow (an APNG's frames composited by apng_frames.py: Pillow mixes palette indices), matched on the timeline, scaled to the original's size capped at 618 px (an output padded to a
square has its padding cut off first, as compare does), flattened over #FFFFFF and #1C1C1E into RGB PNGs of one
size, and the worst pair taken; --frames source frames spread over the animation, and the one compare found
worst, are judged this way.
Then each tool's total wall time, and the goals with PASS or FAIL. Last, not a goal: the files fit wrote under its
default --min-quality 70 (its best candidate within the limit, flagged in its report), beside sticker-convert's.

--reuse-peer takes sticker-convert's outputs and wall time from the last full run (recorded in
.build/bench-fit/sticker-convert.json) instead of running it again: for trying fit changes quickly; the time
ratio then compares runs made at different moments, and the script says so.

Until `stickerpack fit` exists in the binary the script says so and runs the sticker-convert half alone.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import apng_frames
from benchutil import ROOT, machine, require_tool
import fit_set

LIMIT = fit_set.LIMIT
OUT = os.path.join(ROOT, ".build", "bench-fit")
BACKGROUNDS = {"light": (255, 255, 255), "dark": (0x1C, 0x1C, 0x1E)}


def preset(longer_side):
    if longer_side >= 618:
        return "imessage_large"
    return "imessage_medium" if longer_side >= 408 else "imessage_small"


def run(command):
    """(wall seconds, exit status, standard output); standard error is shown only when the command fails."""
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        tail = done.stderr.decode(errors="replace").strip().splitlines()[-5:]
        print(f"  {' '.join(command[:2])} ... ended with status {done.returncode}\n    " + "\n    ".join(tail))
    return seconds, done.returncode, done.stdout.decode(errors="replace")


def has_fit(stickerpack):
    """ArgumentParser answers `--help` after an unknown subcommand with the root's help, so look for fit's own."""
    done = subprocess.run([stickerpack, "fit", "--help"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return done.returncode == 0 and b"stickerpack fit" in done.stdout


def convert(paths, inputs, outputs, name, processes):
    """sticker-convert over `paths` (hard-linked into the emptied folder `inputs`) into the emptied `outputs` with
    preset `name`; its wall seconds."""
    tool = require_tool("sticker-convert", "python3 -m pip install sticker-convert (make bench does)")
    for folder in (inputs, outputs):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    for path in paths:
        os.link(path, os.path.join(inputs, os.path.basename(path)))
    seconds, _, _ = run([tool, "--no-confirm", "--no-progress", "--input-dir", inputs, "--output-dir", outputs,
                         "--preset", name, "--processes", str(processes)])
    return seconds


def run_sticker_convert(files, sizes, out=None):
    """Total wall seconds; outputs in OUT/sticker-convert/PRESET/STEM.png (`out` in place of OUT if given)."""
    out = out or OUT
    groups = {}
    for path in files:
        groups.setdefault(preset(max(sizes[path])), []).append(path)
    total = 0.0
    for name, paths in sorted(groups.items()):
        print(f"sticker-convert --preset {name}: {len(paths)} files", flush=True)
        total += convert(paths, os.path.join(out, "sticker-convert-in", name),
                         os.path.join(out, "sticker-convert", name), name, 2)
    return total


def run_sticker_convert_each(files, sizes, out):
    """sticker-convert run once a file, with one process (`--processes 1`): the sum of the runs' wall seconds, the
    measure fit's time goal is set against. Outputs where `run_sticker_convert` puts them."""
    total = 0.0
    shutil.rmtree(os.path.join(out, "sticker-convert"), ignore_errors=True)
    print(f"sticker-convert --processes 1, a file at a time: {len(files)} files", flush=True)
    made = os.path.join(out, "sticker-convert-out", "one")
    for path in files:
        name = preset(max(sizes[path]))
        total += convert([path], os.path.join(out, "sticker-convert-in", "one"), made, name, 1)
        outputs = os.path.join(out, "sticker-convert", name)
        os.makedirs(outputs, exist_ok=True)
        for made_file in os.listdir(made):
            os.replace(os.path.join(made, made_file), os.path.join(outputs, made_file))
    return total


PEER_RECORD = os.path.join(OUT, "sticker-convert.json")


def recorded_peer(files):
    """The wall time of the last sticker-convert run over these same files, or None."""
    try:
        with open(PEER_RECORD) as f:
            record = json.load(f)
    except (OSError, ValueError):
        return None
    return record["seconds"] if record.get("files") == [os.path.basename(p) for p in files] else None


def record_peer(files, seconds):
    with open(PEER_RECORD, "w") as f:
        json.dump({"files": [os.path.basename(p) for p in files], "seconds": seconds}, f)


def sticker_convert_output(path, sizes, out=None):
    stem = os.path.splitext(os.path.basename(path))[0]
    found = os.path.join(out or OUT, "sticker-convert", preset(max(sizes[path])), stem + ".png")
    return found if os.path.exists(found) else None


def run_fit(stickerpack, inputs):
    """fit over `inputs` (a folder or files) into OUT/fit; its wall seconds."""
    outputs = os.path.join(OUT, "fit")
    shutil.rmtree(outputs, ignore_errors=True)
    print("stickerpack fit --jobs 2", flush=True)
    seconds, _, report = run([stickerpack, "fit", *inputs, "--output", outputs, "--format", "json", "--jobs", "2"])
    # fit's own report (per file: what it applied, its score, its time), kept for a closer look.
    with open(os.path.join(OUT, "fit-report.json"), "w") as f:
        f.write(report)
    return seconds


def fit_output(path):
    """fit's output for `path`: the same name anywhere under the output folder (whether fit writes a folder's
    files at its top or under the folder's name), else the same stem (`--allow format` changes extensions)."""
    name, outputs = os.path.basename(path), os.path.join(OUT, "fit")
    stem = os.path.splitext(name)[0]
    found = []
    for folder, _, files in os.walk(outputs):
        found += [(n != name, os.path.join(folder, n)) for n in files if os.path.splitext(n)[0] == stem]
    return min(found)[1] if found else None


def compare(stickerpack, original, candidate):
    done = subprocess.run([stickerpack, "compare", original, candidate, "--format", "json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout)


# --- the independent judge -------------------------------------------------------------------------------------

def pillow_frames(path):
    """Each frame as shown, and its delay: an APNG composited by `apng_frames` (Pillow gets palette APNGs that
    blend translucent entries wrong), anything else by Pillow."""
    from PIL import Image, ImageSequence
    composited = apng_frames.frames(path)
    if composited is not None:
        return composited
    with Image.open(path) as im:
        frames = [(frame.convert("RGBA"), float(frame.info.get("duration", 0) or 0))
                  for frame in ImageSequence.Iterator(im)]
    return frames


def matched(source_delays, candidate_delays):
    """For each source frame, the candidate frame shown at its middle moment (the candidate's timeline stretched
    to the source's length, as the project's scorer does)."""
    last = len(candidate_delays) - 1
    source_total, candidate_total = sum(source_delays), sum(candidate_delays)
    if last == 0:
        return [0] * len(source_delays)
    if source_total <= 0 or candidate_total <= 0:
        return [min(last, int((i + 0.5) * (last + 1) / len(source_delays))) for i in range(len(source_delays))]
    stretch = source_total / candidate_total
    ends, clock = [], 0.0
    for delay in candidate_delays:
        clock += delay * stretch
        ends.append(clock)
    picks, start, index = [], 0.0, 0
    for delay in source_delays:
        middle = start + delay / 2
        start += delay
        while index < last and ends[index] <= middle:
            index += 1
        picks.append(index)
    return picks


def judge(original, candidate, letterbox, frames_limit, also, scratch):
    """The worst PyPI ssimulacra2 score over the sampled frames (and frame `also`, compare's worst) and both
    backgrounds."""
    from PIL import Image
    from ssimulacra2 import compute_ssimulacra2
    source = pillow_frames(original)
    output = pillow_frames(candidate)
    width, height = source[0][0].size
    scale = min(1.0, 618 / max(width, height))
    size = (max(8, round(width * scale)), max(8, round(height * scale)))
    picks = matched([d for _, d in source], [d for _, d in output])
    count = len(source)
    sampled = sorted({round(i * (count - 1) / (frames_limit - 1)) for i in range(frames_limit)}) \
        if count > frames_limit > 1 else list(range(count))
    sampled = sorted(set(sampled) | ({also} if 0 <= also < count else set()))
    worst = float("inf")
    for index in sampled:
        a = source[index][0]
        b = output[picks[index]][0]
        if letterbox:
            b = b.crop((letterbox["x"], letterbox["y"], letterbox["x"] + letterbox["width"],
                        letterbox["y"] + letterbox["height"]))
        a = a if a.size == size else a.resize(size, Image.LANCZOS)
        b = b if b.size == size else b.resize(size, Image.LANCZOS)
        for name, colour in BACKGROUNDS.items():
            paths = []
            for side, image in (("a", a), ("b", b)):
                flat = Image.new("RGB", size, colour)
                flat.paste(image, mask=image.getchannel("A"))
                paths.append(os.path.join(scratch, f"{side}-{name}.png"))
                flat.save(paths[-1])
            worst = min(worst, compute_ssimulacra2(*paths))
    return worst


# --- the table ---------------------------------------------------------------------------------------------------

def assess(stickerpack, original, candidate, frames_limit, scratch):
    """What one output is worth: None when there is none."""
    if candidate is None:
        return None
    facts = compare(stickerpack, original, candidate)
    size = os.path.getsize(candidate)
    if facts is None:
        return {"bytes": size, "fits": False, "note": "does not decode", "ours": None, "judge": None}
    still = facts["animationChanged"] and facts["original"]["frames"] > 1
    fits = size <= LIMIT and not still
    note = "became a still" if still else ("sped up %.2fx" % (1 / facts["durationRatio"]) if facts["spedUp"] else "")
    return {"bytes": size, "fits": fits, "note": note, "ours": facts["score"]["worst"],
            "judge": judge(original, candidate, facts["letterbox"], frames_limit, facts["score"]["worstFrame"],
                           scratch)}


def cell(result):
    if result is None:
        return f"{'no output':>34}"
    score = "" if result["ours"] is None else f"{result['ours']:6.1f} {result['judge']:6.1f}"
    return f"{'yes' if result['fits'] else 'NO':>4} {result['bytes']:>10,} {score:>13} {result['note']:<14}"[:48]


def score(result, key):
    """A result that does not fit counts as no score at all."""
    return result[key] if result and result["fits"] and result[key] is not None else float("-inf")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stickerpack")
    parser.add_argument("--limit", type=int, help="only the first N files of the set (a quick look)")
    parser.add_argument("--frames", type=int, default=6, help="source frames the PyPI judge scores per file")
    parser.add_argument("--reuse-peer", action="store_true",
                        help="take sticker-convert's outputs and time from the last full run (a quick look at fit)")
    args = parser.parse_args()
    stickerpack = require_tool(args.stickerpack, "build it: swift build -c release --product stickerpack")
    try:
        import ssimulacra2  # noqa: F401
        from PIL import Image
    except ImportError:
        sys.exit("error: needs Pillow and ssimulacra2: python3 -m pip install pillow ssimulacra2 (make bench does)")
    folder, names = fit_set.prepare()
    names = names[:args.limit] if args.limit else names
    files = [os.path.join(folder, n) for n in names]
    sizes = {}
    for path in files:
        with Image.open(path) as im:
            sizes[path] = im.size
    if args.limit:
        folder = os.path.join(OUT, "set")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for path in files:
            os.link(path, os.path.join(folder, os.path.basename(path)))

    cpu, cores = machine()
    print(f"fit beside sticker-convert on {len(files)} over-limit stickers ({cpu}, {cores} cores)\n")
    fit_here = has_fit(stickerpack)
    convert_seconds = recorded_peer(files) if args.reuse_peer else None
    if convert_seconds is None:
        if args.reuse_peer:
            print("no recorded sticker-convert run over these files: running it")
        convert_seconds = run_sticker_convert(files, sizes)
        record_peer(files, convert_seconds)
    else:
        print(f"sticker-convert: reusing the outputs of the last run ({convert_seconds:.1f} s wall then; the time "
              "ratio below compares runs made at different moments)")
    fit_seconds = run_fit(stickerpack, [folder]) if fit_here else None
    if not fit_here:
        print(f"stickerpack fit is not in {stickerpack} (this branch has no fit command yet): only sticker-convert "
              "runs; the lead runs both after merging fit")

    print(f"\n{'file':26} {'px':>9} {'bytes':>10} | sticker-convert: fits bytes ours judge note"
          + (" | fit: fits bytes ours judge note" if fit_here else ""))
    rows = []
    with tempfile.TemporaryDirectory(prefix="fit-bench-") as scratch:
        for path in files:
            convert = assess(stickerpack, path, sticker_convert_output(path, sizes), args.frames, scratch)
            fit = assess(stickerpack, path, fit_output(path), args.frames, scratch) if fit_here else None
            rows.append((path, convert, fit))
            w, h = sizes[path]
            line = f"{os.path.basename(path)[:26]:26} {f'{w}x{h}':>9} {os.path.getsize(path):>10,} | {cell(convert)}"
            print(line + (f" | {cell(fit)}" if fit_here else ""), flush=True)

    converted = [r for r in rows if r[1] and r[1]["fits"]]
    print(f"\nsticker-convert: {len(converted)} of {len(rows)} fit, "
          f"{sum(1 for r in rows if r[1] and 'sped up' in r[1]['note'])} sped up, "
          f"{sum(r[1]['bytes'] for r in rows if r[1]):,} bytes, {convert_seconds:.1f} s wall")
    if not fit_here:
        print("goals: not measured (no fit command)")
        return
    fitted = [r for r in rows if r[2] and r[2]["fits"]]
    print(f"fit:             {len(fitted)} of {len(rows)} fit, "
          f"{sum(1 for r in rows if r[2] and 'sped up' in r[2]['note'])} sped up, "
          f"{sum(r[2]['bytes'] for r in rows if r[2]):,} bytes, {fit_seconds:.1f} s wall")

    speedup = convert_seconds / fit_seconds if fit_seconds else float("inf")
    print()
    for text, ok, detail in goals(rows) + [("fit >= 3x faster in total", speedup >= 3, f"{speedup:.1f}x")]:
        print(f"{'PASS' if ok else 'FAIL'}  {text}: {detail}")
    under_bar(rows)


def goals(rows):
    """The goals on fits and scores, as (text, passed, detail); rows are (path, sticker-convert's, fit's)."""
    converted = [r for r in rows if r[1] and r[1]["fits"]]
    missed = [os.path.basename(p) for p, c, f in converted if not (f and f["fits"])]
    found = [("every file sticker-convert fits, fit fits too", not missed,
              f"{len(converted) - len(missed)} of {len(converted)}" + (f"; missed: {', '.join(missed)}" if missed else ""))]
    contested = [r for r in rows if (r[1] and r[1]["fits"]) or (r[2] and r[2]["fits"])]
    for key, judge_name in (("ours", "stickerpack compare"), ("judge", "PyPI ssimulacra2")):
        wins = sum(1 for _, c, f in contested if score(f, key) >= score(c, key))
        share = wins / len(contested) if contested else 0
        found.append((f"fit scores at least as high on >= 90 % of files ({judge_name})", share >= 0.9,
                      f"{wins} of {len(contested)} ({share:.0%})"))
    return found


def under_bar(rows):
    """Not a goal: the files fit wrote under its default --min-quality 70 (flagged UNDER in its report, exit status
    1): where no candidate within the limit reaches 70, fit writes its best one for a person to judge, as
    sticker-convert writes whatever it reached. Listed beside sticker-convert's score by both judges."""
    try:
        with open(os.path.join(OUT, "fit-report.json")) as f:
            report = json.load(f)
    except (OSError, ValueError):
        return
    below = {os.path.basename(f["path"]) for f in report["files"] if f["outcome"] == "belowMinQuality"}
    if not below:
        return
    print(f"\nNot a goal: {len(below)} of fit's outputs score under its --min-quality {report['minQuality']:g}, "
          "flagged in its report (ours, PyPI judge):")
    for path, convert, fit in rows:
        if os.path.basename(path) in below:
            peer = "no output" if not convert else f"{convert['ours']:.1f}, {convert['judge']:.1f} {convert['note']}"
            print(f"  {os.path.basename(path):26} fit {fit['ours']:7.1f}, {fit['judge']:7.1f}   "
                  f"sticker-convert {peer}")


if __name__ == "__main__":
    main()
