#!/usr/bin/env python3
"""Palette quantisation: stickerpack's PaletteQuantizer beside pngquant, same images, same colour counts.

Usage: quantize_vs_pngquant.py PATH/TO/quantize-bench [--stickers DIR] [--count 60] [--runs 3]

The images: COUNT real stickers (every n-th PNG of DIR by name, default .build/bench-data/openmoji-618, the
OpenMoji renders of the lint benchmark; when it is missing, the sample packs' stickers stand in) and four
photo-like images of the corpora (wuffs' hat, peacock, harvesters, hibiscus). At 256, 64 and 16 colours:
pngquant --speed 3 with its default dithering against ours with adaptive dithering, then pngquant --nofs
against ours without dithering. pngquant is GPL: it only ever runs here as a separate program.

Scores: the project's sticker score (SSIMULACRA2 over light and dark, the worst of the two) of each output
against its source, computed by quantize-bench for both tools; the mean over the images. Time: CPU seconds
of all images, the best of RUNS runs. pngquant runs once over all the images (one process, like ours), and
its time includes writing its palette PNGs; ours is decode, quantise and remap (writing is not ours to
time yet: the palette PNG encoder is another piece of work).
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PHOTOS = ["hat.png", "peacock.png", "harvesters.png", "hibiscus.regular.png"]
COLOURS = [256, 64, 16]
# (name, pngquant's options, our --dither)
MODES = [("dithered", [], "adaptive"), ("no dithering", ["--nofs"], "none")]


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pick_images(stickers, count):
    if os.path.isdir(stickers):
        names = sorted(n for n in os.listdir(stickers) if n.endswith(".png"))
        step = max(1, len(names) // count)
        chosen = [os.path.join(stickers, n) for n in names[::step][:count]]
        label = f"{len(chosen)} stickers of {os.path.relpath(stickers, ROOT)}"
    else:
        folder = os.path.join(ROOT, "SamplePacks", "Clean")
        chosen = [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".png")]
        label = f"{len(chosen)} sample-pack stickers ({os.path.relpath(stickers, ROOT)} is missing)"
    photos = [os.path.join(ROOT, "Tests", "Corpora", "wuffs-testdata", n) for n in PHOTOS]
    return chosen, photos, label


def run_pngquant(folder, names, colours, options, runs):
    """Quantises every PNG of `folder` in one process; returns the best CPU time and the output paths."""
    suffix = f".pq{colours}.png"
    best = float("inf")
    for _ in range(runs):
        start = child_cpu()
        subprocess.run(["pngquant", "--speed", "3", "--force", "--ext", suffix, *options, str(colours),
                        *[os.path.join(folder, n) for n in names]], check=True)
        best = min(best, child_cpu() - start)
    return best, [os.path.join(folder, n[:-4] + suffix) for n in names]


def scores(bench, pairs):
    args = [bench, "score"]
    for source, candidate in pairs:
        args += [source, candidate]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [float(line.split("\t")[1]) for line in out.splitlines()]


def ours(bench, paths, colours, dither, runs):
    out = subprocess.run([bench, "quantize", "--colors", str(colours), "--dither", dither, "--runs", str(runs),
                          *paths], capture_output=True, text=True, check=True).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    return sum(float(r[1]) for r in rows), [float(r[2]) for r in rows]


def mean(values):
    return sum(values) / len(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench")
    parser.add_argument("--stickers", default=os.path.join(ROOT, ".build", "bench-data", "openmoji-618"))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("pngquant") is None:
        sys.exit("error: pngquant is missing (Debian: apt-get install pngquant)")
    stickers, photos, label = pick_images(args.stickers, args.count)
    version = subprocess.run(["pngquant", "--version"], capture_output=True, text=True).stdout.split()[0]
    folder = tempfile.mkdtemp(prefix="quantize-bench-")
    try:
        names = []
        for path in stickers + photos:
            names.append(f"{len(names):03d}-{os.path.basename(path)}")
            shutil.copyfile(path, os.path.join(folder, names[-1]))
        sources = [os.path.join(folder, n) for n in names]
        photo_rows = range(len(stickers), len(names))
        print(f"Palette quantisation of {label} and {len(photos)} photo-like corpus images; pngquant {version} "
              f"--speed 3; scores: sticker score (worst of light and dark), mean; CPU seconds, best of {args.runs}")
        print("| colours | dithering | pngquant score | ours score | photos: pngquant | photos: ours "
              "| ours >= pngquant | pngquant s | ours s | time ratio |")
        print("|---" * 10 + "|")
        for colours in COLOURS:
            for mode, options, dither in MODES:
                theirs_time, outputs = run_pngquant(folder, names, colours, options, args.runs)
                theirs = scores(args.bench, zip(sources, outputs))
                our_time, our_scores = ours(args.bench, sources, colours, dither, args.runs)
                wins = sum(1 for a, b in zip(our_scores, theirs) if a >= b - 1e-9)
                print(f"| {colours} | {mode} | {mean(theirs):.2f} | {mean(our_scores):.2f} "
                      f"| {mean([theirs[i] for i in photo_rows]):.2f} | {mean([our_scores[i] for i in photo_rows]):.2f} "
                      f"| {wins} of {len(names)} | {theirs_time:.2f} | {our_time:.2f} "
                      f"| {our_time / theirs_time:.2f}x |", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
