#!/usr/bin/env python3
"""A gifsicle ladder: the best GIF within 500,000 bytes that Debian's gifsicle makes of each file, as someone who
shrinks GIFs with gifsicle by hand would look for it: a peer of `stickerpack fit` on animated GIFs.

Usage: gifsicle_ladder.py FILES... --out DIR [--stickerpack PATH] [--jobs N] [--exhaustive]

For each GIF, gifsicle -O3 over a grid: --lossy 0, 20, ..., 200 (0: no --lossy), --colors 256, 128 and 64, and
the sizes: the file's own longer side clamped to 300-618 px, then 408 and 300 when below it (--resize-fit SxS to
shrink, --resize WxH to grow a file under 300 px; gifsicle's default resize method and no dithering); every
frame and delay kept. Among the candidates that fit 500,000 bytes (and are still animations), the one with the
best worst-frame score by `stickerpack compare ORIGINAL CANDIDATE --format json` wins (ties: the better mean,
then fewer bytes); it is written to DIR/NAME, and DIR/gifsicle-ladder.json keeps every candidate tried.

Each (size, colours) pair is a rung whose bytes fall as the lossiness rises, and whose score falls with it (more
lossiness only adds error to the same palette and size), so by default a rung's smallest lossiness that fits is
found by bisection over the 11 values and only that candidate is scored: at most 9 scores a file instead of up to
99. --exhaustive makes and scores every fitting candidate of the grid, to check that shortcut on a few files.

Per file: fits, bytes, worst and mean score, the settings chosen, candidates made and scored, and wall time. The
rungs of a file run on --jobs threads (default: one per core), each running gifsicle or compare as a program: the
time is the ladder's wall time with that many at once, not a goal, and not comparable with a single-worker time.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

from benchutil import ROOT, machine, require_tool

LIMIT = 500_000
LOSSY = list(range(0, 201, 20))
COLOURS = (256, 128, 64)
STICKERPACK = os.path.join(ROOT, ".build", "release", "stickerpack")


def sides(width, height):
    """The longer sides tried: the file's own clamped to 300-618 px, then 408 and 300 below it."""
    own = min(618, max(300, max(width, height)))
    return [own] + [s for s in (408, 300) if s < own]


def gif_size(path):
    """(width, height) of a GIF's logical screen, from its header."""
    with open(path, "rb") as f:
        head = f.read(10)
    if head[:3] != b"GIF":
        return None
    return int.from_bytes(head[6:8], "little"), int.from_bytes(head[8:10], "little")


def gifsicle_command(gifsicle, source, target, lossy, colours, side, width, height):
    command = [gifsicle, "-O3", "--colors", str(colours)]
    if lossy:
        command.append(f"--lossy={lossy}")
    longer = max(width, height)
    if side < longer:
        command += ["--resize-fit", f"{side}x{side}"]
    elif side > longer:
        scale = side / longer
        command += ["--resize", f"{max(1, round(width * scale))}x{max(1, round(height * scale))}"]
    return command + [source, "-o", target]


def compare(stickerpack, original, candidate):
    done = subprocess.run([stickerpack, "compare", original, candidate, "--format", "json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    return json.loads(done.stdout) if done.returncode == 0 else None


class Rung:
    """One (size, colours) pair of one file: its candidates, made on demand, and the scores of those asked for."""

    def __init__(self, tools, source, folder, side, colours, width, height):
        self.tools, self.source, self.folder = tools, source, folder
        self.side, self.colours, self.width, self.height = side, colours, width, height
        self.made = {}  # lossy -> bytes
        self.scored = {}  # lossy -> (worst, mean) or None when compare failed or the animation changed

    def path(self, lossy):
        return os.path.join(self.folder, f"s{self.side}-c{self.colours}-l{lossy}.gif")

    def make(self, lossy):
        if lossy not in self.made:
            gifsicle, _ = self.tools
            done = subprocess.run(gifsicle_command(gifsicle, self.source, self.path(lossy), lossy, self.colours,
                                                   self.side, self.width, self.height),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            if done.returncode != 0:
                sys.exit(f"error: gifsicle failed on {self.source}: {done.stderr.decode(errors='replace')[-400:]}")
            self.made[lossy] = os.path.getsize(self.path(lossy))
        return self.made[lossy]

    def fits(self, lossy):
        return self.make(lossy) <= LIMIT

    def score(self, lossy):
        if lossy not in self.scored:
            facts = compare(self.tools[1], self.source, self.path(lossy))
            ok = facts is not None and not (facts["animationChanged"] and facts["original"]["frames"] > 1)
            self.scored[lossy] = (facts["score"]["worst"], facts["score"]["mean"]) if ok else None
        return self.scored[lossy]

    def run(self, exhaustive):
        if exhaustive:
            for lossy in LOSSY:
                if self.fits(lossy):
                    self.score(lossy)
            return self
        # The smallest lossiness that fits, by bisection (bytes fall as lossiness rises), and only its score.
        if self.fits(LOSSY[0]):
            self.score(LOSSY[0])
            return self
        if not self.fits(LOSSY[-1]):
            return self
        low, high = 0, len(LOSSY) - 1  # LOSSY[low] does not fit, LOSSY[high] does
        while high - low > 1:
            middle = (low + high) // 2
            if self.fits(LOSSY[middle]):
                high = middle
            else:
                low = middle
        self.score(LOSSY[high])
        return self

    def candidates(self):
        found = []
        for lossy, size in sorted(self.made.items()):
            worst, mean = self.scored.get(lossy) or (None, None)
            found.append({"side": self.side, "colours": self.colours, "lossy": lossy, "bytes": size,
                          "fits": size <= LIMIT, "worst": worst, "mean": mean})
        return found


def ladder(source, out_dir, stickerpack, jobs=None, exhaustive=False):
    """The ladder on one GIF: a dict of the winner (or the smallest candidate when none fits) and every candidate;
    the winner is copied to out_dir/NAME."""
    gifsicle = require_tool("gifsicle", "apt-get install gifsicle")
    name = os.path.basename(source)
    size = gif_size(source)
    if size is None:
        return {"file": name, "error": "not a GIF"}
    width, height = size
    folder = os.path.join(out_dir, ".candidates", name)
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    start = time.perf_counter()
    rungs = [Rung((gifsicle, stickerpack), source, folder, side, colours, width, height)
             for side in sides(width, height) for colours in COLOURS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs or machine()[1]) as pool:
        list(pool.map(lambda rung: rung.run(exhaustive), rungs))
    seconds = time.perf_counter() - start
    candidates = [c for rung in rungs for c in rung.candidates()]
    scored = [c for c in candidates if c["fits"] and c["worst"] is not None]
    target = os.path.join(out_dir, name)
    if os.path.exists(target):
        os.unlink(target)
    if scored:
        best = max(scored, key=lambda c: (c["worst"], c["mean"], -c["bytes"]))
    else:
        best = min(candidates, key=lambda c: c["bytes"])
    winner = os.path.join(folder, f"s{best['side']}-c{best['colours']}-l{best['lossy']}.gif")
    if best["fits"] and best["worst"] is not None:
        shutil.copyfile(winner, target)
    shutil.rmtree(folder)
    return {"file": name, "source": source, "sourceBytes": os.path.getsize(source), "width": width, "height": height,
            "fits": bool(best["fits"] and best["worst"] is not None), "bytes": best["bytes"], "worst": best["worst"],
            "mean": best["mean"], "side": best["side"], "colours": best["colours"], "lossy": best["lossy"],
            "output": target if best["fits"] else None, "made": len(candidates), "scored": len(scored),
            "seconds": seconds, "exhaustive": exhaustive, "candidates": candidates}


def settings(result):
    return f"{result['side']} px, {result['colours']} colours, lossy {result['lossy']}"


def line(result):
    if "error" in result:
        return f"{result['file'][:26]:26} {result['error']}"
    score = (f"{result['worst']:7.1f} {result['mean']:7.1f}" if result["worst"] is not None else f"{'-':>7} {'-':>7}")
    return (f"{result['file'][:26]:26} {'yes' if result['fits'] else 'no':>4} {result['bytes']:>10,} {score} "
            f"{settings(result):32} {result['made']:>4} {result['scored']:>4} {result['seconds']:7.1f}")


HEADER = (f"{'file':26} {'fits':>4} {'bytes':>10} {'worst':>7} {'mean':>7} "
          f"{'settings (smallest bytes if none fits)':32} {'made':>4} {'scored':>4} {'seconds':>7}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="GIFs (other files are skipped)")
    parser.add_argument("--out", required=True, help="folder for the chosen GIFs and gifsicle-ladder.json")
    parser.add_argument("--stickerpack", default=STICKERPACK, help="the binary whose compare scores (release build)")
    parser.add_argument("--jobs", type=int, help="rungs of a file run at once (default: one per core)")
    parser.add_argument("--exhaustive", action="store_true", help="make and score every fitting candidate of the grid")
    args = parser.parse_args()
    stickerpack = require_tool(args.stickerpack, "build it: swift build -c release --product stickerpack")
    gifsicle = require_tool("gifsicle", "apt-get install gifsicle (make bench does)")
    version = subprocess.run([gifsicle, "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    files = [f for f in args.files if gif_size(f) is not None]
    os.makedirs(args.out, exist_ok=True)
    cpu, cores = machine()
    print(f"gifsicle ladder ({version}) on {len(files)} GIFs, {args.jobs or cores} at once ({cpu}, {cores} cores)"
          f"{', exhaustive' if args.exhaustive else ''}\n\n{HEADER}", flush=True)
    results = []
    for path in files:
        results.append(ladder(path, args.out, stickerpack, args.jobs, args.exhaustive))
        print(line(results[-1]), flush=True)
        with open(os.path.join(args.out, "gifsicle-ladder.json"), "w") as f:  # after each file: a long run can stop
            json.dump({"gifsicle": version, "limit": LIMIT, "jobs": args.jobs or cores, "files": results}, f, indent=1)
    fitted = [r for r in results if r.get("fits")]
    print(f"\n{len(fitted)} of {len(results)} fit; {sum(r['seconds'] for r in results):.1f} s in all")


if __name__ == "__main__":
    main()
