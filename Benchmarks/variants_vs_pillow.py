#!/usr/bin/env python3
"""End to end: `stickerpack variants` on 500 stickers beside a Pillow script doing the same work.

Usage: variants_vs_pillow.py PATH/TO/stickerpack [--count 500]

The stickers are made once under .build/bench-stickers from the sample art (still PNGs in several colours,
and every tenth an 8-frame APNG), 408 px like a regular pack. Both sides decode each sticker, write the @3x
copy, resize @2x and @1x with Lanczos-3, and encode PNG/APNG at zlib level 6 (both tools' default), on all
cores (Pillow through
a process pool). Wall-clock time, best of 3.
"""
import glob
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
WORK = os.path.join(ROOT, ".build", "bench-stickers")


def make_stickers(count):
    source = os.path.join(WORK, "in-%d" % count)
    if os.path.isdir(source) and len(os.listdir(source)) == count:
        return source
    shutil.rmtree(source, ignore_errors=True)
    os.makedirs(source)
    stills = [Image.open(os.path.join(ROOT, "SamplePacks", "Clean", n)).convert("RGBA") for n in ("cat.png", "star.png")]
    wave = Image.open(os.path.join(ROOT, "SamplePacks", "Clean", "wave.png"))
    wave_frames = []
    for i in range(wave.n_frames):
        wave.seek(i)
        wave_frames.append(wave.convert("RGBA"))
    for i in range(count):
        if i % 10 == 9:
            frames = [f.rotate(i % 360, resample=Image.BICUBIC) for f in wave_frames]
            frames[0].save(os.path.join(source, "sticker-%04d.png" % i), save_all=True, append_images=frames[1:],
                           duration=90, loop=0)
        else:
            art = stills[i % 2].rotate((i * 7) % 360, resample=Image.BICUBIC)
            r, g, b, a = art.split()
            art = Image.merge("RGBA", (g, b, r, a) if i % 3 == 1 else (b, r, g, a) if i % 3 == 2 else (r, g, b, a))
            art.save(os.path.join(source, "sticker-%04d.png" % i))
    return source


def pillow_one(job):
    path, out = job
    name = os.path.splitext(os.path.basename(path))[0]
    shutil.copyfile(path, os.path.join(out, name + "@3x.png"))
    image = Image.open(path)
    frames, durations = [], []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        frames.append(image.convert("RGBA"))
        durations.append(image.info.get("duration", 0))
    for scale in (2, 1):
        size = (round(image.width * scale / 3), round(image.height * scale / 3))
        small = [f.resize(size, Image.LANCZOS) for f in frames]
        target = os.path.join(out, "%s@%dx.png" % (name, scale))
        if len(small) > 1:
            small[0].save(target, save_all=True, append_images=small[1:], duration=durations, loop=0, compress_level=6)
        else:
            small[0].save(target, compress_level=6)


def run_pillow(source, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    jobs = [(p, out) for p in sorted(glob.glob(os.path.join(source, "*.png")))]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        list(pool.map(pillow_one, jobs, chunksize=8))
    return time.perf_counter() - start


def run_ours(binary, source, out):
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([binary, "variants", source, "-o", out, "--compression", "6"], check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 500
    source = make_stickers(count)
    ours = min(run_ours(binary, source, os.path.join(WORK, "out-stickerpack")) for _ in range(3))
    theirs = min(run_pillow(source, os.path.join(WORK, "out-pillow")) for _ in range(3))
    size = lambda folder: sum(os.path.getsize(p) for p in glob.glob(os.path.join(WORK, folder, "*")))
    print(f"variants of {count} stickers (408 px, every tenth an 8-frame APNG), @3x copy + @2x + @1x, all {os.cpu_count()} cores")
    print(f"  stickerpack variants   {ours:6.2f} s   output {size('out-stickerpack') / 1e6:6.1f} MB")
    print(f"  Pillow {Image.__version__:<8}        {theirs:6.2f} s   output {size('out-pillow') / 1e6:6.1f} MB")
    print(f"  ratio (Pillow / stickerpack): {theirs / ours:.2f}x")


if __name__ == "__main__":
    main()
