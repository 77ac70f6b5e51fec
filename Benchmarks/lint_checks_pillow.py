#!/usr/bin/env python3
"""The peer of `stickerpack lint`: what a Pillow user would script for the same per-file checks.

Usage: lint_checks_pillow.py [--jobs N] FOLDER

For every PNG, APNG, GIF and JPEG under FOLDER: its size in bytes, format, width and height, the fraction of
fully transparent pixels and whether the whole border of the first frame is opaque, and every frame decoded
(ImageSequence) to RGBA. N worker processes (multiprocessing; default: all cores), as lint uses all cores.
Prints one summary line; exits 1 if a file could not be read, as lint would report it.
"""
import argparse
import os
import sys

from PIL import Image, ImageSequence

EXTENSIONS = (".png", ".apng", ".gif", ".jpg", ".jpeg")


def check(path):
    facts = {"path": path, "bytes": os.path.getsize(path)}
    try:
        with Image.open(path) as image:
            facts.update(format=image.format, width=image.width, height=image.height)
            frames = 0
            for frame in ImageSequence.Iterator(image):
                rgba = frame.convert("RGBA")
                if frames == 0:
                    alpha = rgba.getchannel("A")
                    width, height = alpha.size
                    facts["transparent"] = alpha.histogram()[0] / (width * height)
                    edges = [(0, 0, width, 1), (0, height - 1, width, height), (0, 0, 1, height),
                             (width - 1, 0, width, height)]
                    facts["opaque_border"] = all(alpha.crop(box).getextrema()[0] == 255 for box in edges)
                frames += 1
            facts["frames"] = frames
    except Exception as error:  # noqa: BLE001 - an unreadable file is a finding, as in lint
        facts["error"] = f"{type(error).__name__}: {error}"
    return facts


def sticker_files(folder):
    found = []
    for directory, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        found += [os.path.join(directory, n) for n in sorted(names)
                  if not n.startswith(".") and n.lower().endswith(EXTENSIONS)]
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="worker processes (default: all cores)")
    args = parser.parse_args()
    files = sticker_files(args.folder)
    if args.jobs == 1:
        results = [check(path) for path in files]
    else:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(check, files, chunksize=16)
    errors = [r for r in results if "error" in r]
    for r in errors:
        print(f"{r['path']}: {r['error']}", file=sys.stderr)
    frames = sum(r.get("frames", 0) for r in results)
    bordered = sum(bool(r.get("opaque_border")) for r in results)
    print(f"{len(results)} files, {frames} frames, {bordered} with an opaque border, {len(errors)} unreadable")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
