#!/usr/bin/env python3
"""The lossless step of `fit` beside the lossless optimisers people use: pyoxipng on stills, gifsicle on GIFs.

Usage: lossless_vs_oxipng.py PATH/TO/lossless-bench [--stills DIR] [--count N]

Stills: every PNG of DIR (default Benchmarks/Data/openmoji-618, 200 vendored OpenMoji renders; every n-th of
them with --count N) and the sample packs' still PNGs (files that are PNG inside; one that does not decode is
left out). Ours is LosslessOptimizer.optimize (which also decodes its output and compares it with the
input before keeping it); oxipng is PyPI's pyoxipng at level 6 with optimize_alpha=True (it may change the
colour of invisible pixels too, as ours zeroes it), in this process, on all cores (its CPU time counts every
thread). Goal: our total bytes within 2 % of oxipng's.

GIFs: the animated GIFs of Tests/Corpora (EXPECTED.tsv: valid, more than one frame) and the sample packs'
GIFs, against `gifsicle -O3`; where gifsicle's output is larger than its input the input counts, as ours
never grows a file. Goal: our total no larger than gifsicle's.

APNGs: the animated APNGs of the corpora and the sample packs, ours only (neither peer optimises APNG frames).

Times are CPU seconds: ours as lossless-bench measures each file (read, optimise, verify), the peers'
from this process (pyoxipng) and its children (gifsicle).
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from benchutil import machine, require_tool  # noqa: E402


def corpus_animations(fmt):
    rows = []
    with open(os.path.join(ROOT, "Tests", "Corpora", "EXPECTED.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            field = line.rstrip("\n").split("\t")
            if len(field) >= 6 and field[1] == fmt and field[2] == "valid" and field[5].isdigit() and int(field[5]) > 1:
                rows.append(os.path.join(ROOT, "Tests", "Corpora", field[0]))
    return rows


def sample_files(extension, animated=None):
    out = []
    for folder in sorted(os.listdir(os.path.join(ROOT, "SamplePacks"))):
        path = os.path.join(ROOT, "SamplePacks", folder)
        if not os.path.isdir(path) or folder.endswith(".xcstickers"):
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(extension):
                full = os.path.join(path, name)
                with open(full, "rb") as f:
                    is_apng = b"acTL" in f.read()
                if animated is None or animated == is_apng:
                    out.append(full)
    return out


def is_png(path):
    with open(path, "rb") as f:
        return f.read(8) == b"\x89PNG\r\n\x1a\n"


def stage(files, folder):
    """Copies files under unique names (corpora repeat names); returns the copies in order."""
    os.makedirs(folder, exist_ok=True)
    copies = []
    for n, path in enumerate(files):
        copy = os.path.join(folder, f"{n:04d}-{os.path.basename(path)}")
        shutil.copyfile(path, copy)
        copies.append(copy)
    return copies


def run_ours(bench, files, out):
    """{staged path: (bytes in, bytes out, cpu seconds, steps)} from one lossless-bench process."""
    os.makedirs(out, exist_ok=True)
    done = subprocess.run([bench, "--out", out, *files], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"error: lossless-bench ended with status {done.returncode}: {done.stderr.strip()[-500:]}")
    result = {}
    for line in done.stdout.splitlines():
        path, before, after, seconds, steps = line.split("\t")
        result[path] = (int(before), int(after), float(seconds), steps)
    return result


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def report(title, total_in, ours, peer, peer_name, our_cpu, peer_cpu, goal, met):
    print(f"{title}")
    print(f"  input            {total_in:>12,} bytes")
    print(f"  stickerpack      {ours:>12,} bytes  {ours / total_in:6.1%} of input  {our_cpu:7.2f} s CPU")
    if peer is not None:
        print(f"  {peer_name:<16} {peer:>12,} bytes  {peer / total_in:6.1%} of input  {peer_cpu:7.2f} s CPU")
        print(f"  ours / {peer_name}: {ours / peer:.4f}   goal: {goal}: {'met' if met else 'NOT met'}")
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench")
    parser.add_argument("--stills", default=os.path.join(HERE, "Data", "openmoji-618"))
    parser.add_argument("--count", type=int, default=0, help="every n-th still of DIR, this many (0: all)")
    args = parser.parse_args()
    require_tool(args.bench, "make bench-build (it builds .build/benchmarks/release/lossless-bench)")
    require_tool("gifsicle", "apt-get install gifsicle")
    try:
        import oxipng
    except ImportError:
        sys.exit("error: pyoxipng not found: python3 -m pip install pyoxipng")
    cpu, cores = machine()
    print(f"Lossless step beside pyoxipng and gifsicle -O3 on {cpu} ({cores} cores)\n")

    with tempfile.TemporaryDirectory(prefix="lossless-bench-") as temp:
        # Stills.
        stills = sorted(os.path.join(args.stills, n) for n in os.listdir(args.stills) if n.endswith(".png"))
        if args.count:
            stills = stills[::max(1, len(stills) // args.count)][:args.count]
        stills += sample_files(".png", animated=False)
        stills = [p for p in stills if is_png(p)]
        staged = stage(stills, os.path.join(temp, "stills"))
        ours = run_ours(args.bench, staged, os.path.join(temp, "ours-stills"))
        start = time.process_time()
        oxi_total = 0
        for path in ours:  # the files that decode
            with open(path, "rb") as f:
                data = f.read()
            oxi_total += min(len(data), len(oxipng.optimize_from_memory(data, level=6, optimize_alpha=True)))
        oxi_cpu = time.process_time() - start
        total_in = sum(v[0] for v in ours.values())
        our_total = sum(v[1] for v in ours.values())
        report(f"{len(ours)} still PNGs ({os.path.relpath(args.stills, ROOT)} and the sample packs)", total_in,
               our_total, oxi_total, "pyoxipng -o6", sum(v[2] for v in ours.values()), oxi_cpu,
               "within 2 % of pyoxipng", our_total <= oxi_total * 1.02)

        # GIFs.
        gifs = stage(corpus_animations("gif") + sample_files(".gif"), os.path.join(temp, "gifs"))
        ours = run_ours(args.bench, gifs, os.path.join(temp, "ours-gifs"))
        sicle_dir = os.path.join(temp, "gifsicle")
        os.makedirs(sicle_dir)
        start = children_cpu()
        sicle_total = 0
        for path in ours:
            target = os.path.join(sicle_dir, os.path.basename(path))
            done = subprocess.run(["gifsicle", "-O3", path, "-o", target], capture_output=True)
            size = os.path.getsize(path)
            if done.returncode == 0 and os.path.exists(target):
                size = min(size, os.path.getsize(target))
            sicle_total += size
        sicle_cpu = children_cpu() - start
        total_in = sum(v[0] for v in ours.values())
        our_total = sum(v[1] for v in ours.values())
        report(f"{len(ours)} animated GIFs (the corpora's and the sample packs')", total_in, our_total, sicle_total,
               "gifsicle -O3", sum(v[2] for v in ours.values()), sicle_cpu, "no larger than gifsicle -O3",
               our_total <= sicle_total)

        # APNGs, ours only.
        apngs = stage(corpus_animations("apng") + sample_files(".png", animated=True) + sample_files(".apng"),
                      os.path.join(temp, "apngs"))
        ours = run_ours(args.bench, apngs, os.path.join(temp, "ours-apngs"))
        total_in = sum(v[0] for v in ours.values())
        report(f"{len(ours)} animated APNGs (the corpora's and the sample packs'), ours only", total_in,
               sum(v[1] for v in ours.values()), None, "", sum(v[2] for v in ours.values()), 0, "", True)


if __name__ == "__main__":
    main()
