#!/usr/bin/env python3
"""End to end: `stickerpack variants` on 200 stickers beside Pillow-SIMD and Pillow doing the same work.

Usage: variants_vs_pillow.py PATH/TO/stickerpack [--pillow-simd DIR] [--runs 5] [--compression fast]

The stickers are the 200 OpenMoji emoji of Benchmarks/Data/openmoji-618 (618 px RGBA PNGs; see SOURCES.txt
there). Without that folder they are generated under .build/bench-stickers from the sample art at 618 px,
and the output says so. Every side decodes each sticker, writes the @3x copy, resizes @2x (412 px) and @1x
(206 px) with Lanczos-3 and encodes PNG, on all cores: stickerpack with its own workers at its default
compression (or --compression), Pillow-SIMD and Pillow through a pool of os.cpu_count() processes at
compress_level=6. A third Pillow run with optimize=True gives the byte size to beat. Each Pillow flavour
runs in its own interpreter (Pillow-SIMD installs as the same `PIL` module; it is loaded from DIR by
PYTHONPATH). Wall-clock time, minimum of the runs (taken in turn, so a busy machine hurts each side alike).
Bytes are those of the @2x and @1x files; the @3x copies are the same on every side.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
WORK = os.path.join(ROOT, ".build", "bench-stickers")
OPENMOJI = os.path.join(HERE, "Data", "openmoji-618")
COUNT = 200


def generated_stickers():
    """200 generated 618 px stickers (still PNGs in several colours and angles), made once."""
    from PIL import Image

    source = os.path.join(WORK, "generated-618")
    if os.path.isdir(source) and len(os.listdir(source)) == COUNT:
        return source
    shutil.rmtree(source, ignore_errors=True)
    os.makedirs(source)
    stills = [
        Image.open(os.path.join(ROOT, "SamplePacks", "Clean", n)).convert("RGBA").resize((618, 618), Image.LANCZOS)
        for n in ("cat.png", "star.png")
    ]
    for i in range(COUNT):
        art = stills[i % 2].rotate((i * 7) % 360, resample=Image.BICUBIC)
        r, g, b, a = art.split()
        art = Image.merge("RGBA", (g, b, r, a) if i % 3 == 1 else (b, r, g, a) if i % 3 == 2 else (r, g, b, a))
        art.save(os.path.join(source, "sticker-%04d.png" % i))
    return source


def pillow_one(job):
    path, out, options = job
    from PIL import Image

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
            small[0].save(target, save_all=True, append_images=small[1:], duration=durations, loop=0, **options)
        else:
            small[0].save(target, **options)


def pillow_worker(source, out, optimize):
    """Runs in a child interpreter: one timed pass of the Pillow side; prints JSON."""
    from concurrent.futures import ProcessPoolExecutor

    import PIL

    options = {"optimize": True} if optimize else {"compress_level": 6}
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    jobs = [(p, out, options) for p in sorted(glob.glob(os.path.join(source, "*.png")))]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        list(pool.map(pillow_one, jobs, chunksize=4))
    print(json.dumps({"seconds": time.perf_counter() - start, "version": PIL.__version__}))


def run_pillow(source, out, pythonpath=None, optimize=False):
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    args = [sys.executable, os.path.abspath(__file__), "--pillow-worker", source, out]
    result = subprocess.run(args + (["--optimize"] if optimize else []), env=env, check=True, capture_output=True)
    report = json.loads(result.stdout)
    return report["seconds"], report["version"]


def run_ours(binary, source, out, compression):
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    args = [binary, "variants", source, "-o", out] + (["--compression", compression] if compression else [])
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def encoded_bytes(folder):
    return sum(os.path.getsize(p) for p in glob.glob(os.path.join(folder, "*.png")) if "@3x." not in p)


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def main():
    if "--pillow-worker" in sys.argv:
        i = sys.argv.index("--pillow-worker")
        return pillow_worker(sys.argv[i + 1], sys.argv[i + 2], "--optimize" in sys.argv)
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    binary = sys.argv[1]
    simd = option("--pillow-simd", os.path.join(ROOT, ".build", "pillow-simd"))
    runs = int(option("--runs", "5"))
    compression = option("--compression", None)
    real = os.path.isdir(OPENMOJI) and len(glob.glob(os.path.join(OPENMOJI, "*.png"))) == COUNT
    source = OPENMOJI if real else generated_stickers()
    have_simd = os.path.isdir(os.path.join(simd, "PIL"))
    out = {name: os.path.join(WORK, "out-" + name) for name in ("stickerpack", "simd", "pillow", "optimize")}

    times = {"stickerpack": [], "simd": [], "pillow": []}
    versions = {}
    for _ in range(runs):
        times["stickerpack"].append(run_ours(binary, source, out["stickerpack"], compression))
        if have_simd:
            seconds, versions["simd"] = run_pillow(source, out["simd"], pythonpath=simd)
            times["simd"].append(seconds)
        seconds, versions["pillow"] = run_pillow(source, out["pillow"])
        times["pillow"].append(seconds)
    optimize_seconds, _ = run_pillow(source, out["optimize"], optimize=True)

    what = "OpenMoji (Benchmarks/Data/openmoji-618)" if real else "GENERATED stickers (no Benchmarks/Data/openmoji-618)"
    print(f"variants of {COUNT} 618 px stickers, {what}: @3x copy + @2x + @1x, {os.cpu_count()} cores,")
    print(f"min of {runs} runs each (wall clock; the machine may be shared)")
    ours = min(times["stickerpack"])
    ours_bytes = encoded_bytes(out["stickerpack"])
    label = f"stickerpack (--compression {compression or 'fast'})"
    print(f"  {label:<38} {ours:6.2f} s   @2x+@1x {ours_bytes / 1e6:7.3f} MB")
    rows = [("simd", f"Pillow-SIMD {versions.get('simd', '')} (level 6)")] if have_simd else []
    rows.append(("pillow", f"Pillow {versions['pillow']} (level 6)"))
    for key, name in rows:
        theirs = min(times[key])
        print(
            f"  {name:<38} {theirs:6.2f} s   @2x+@1x {encoded_bytes(out[key]) / 1e6:7.3f} MB"
            f"   stickerpack takes {ours / theirs:.2f}x its time"
        )
    optimized = encoded_bytes(out["optimize"])
    print(f"  {'Pillow optimize=True':<38} {optimize_seconds:6.2f} s   @2x+@1x {optimized / 1e6:7.3f} MB")
    print(f"  bytes: stickerpack / Pillow optimize=True = {ours_bytes / optimized:.3f}x")
    if not have_simd:
        print(f"  (Pillow-SIMD not found in {simd}: make bench installs it)")


if __name__ == "__main__":
    main()
