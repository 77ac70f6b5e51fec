#!/usr/bin/env python3
"""Single-thread Lanczos-3 resize of RGBA images: stickerpack's resampler beside Pillow and Pillow-SIMD.

Usage: resample_vs_pillow.py PATH/TO/resample-bench [--pillow-simd SITE_DIR]

Every side resizes the same sizes (a synthetic RGBA image), median of 31 runs after a warm-up, in its own
process. Mpx/s counts source megapixels per second. Ratios above 1 mean stickerpack is faster.
"""
import os
import subprocess
import sys

from benchutil import machine

CASES = [((618, 618), (412, 412)), ((618, 618), (206, 206)), ((4928, 3279), (852, 567))]

PILLOW_TIMER = r"""
import sys, time
from PIL import Image
cases = [tuple(map(int, c.replace(':', 'x').split('x'))) for c in sys.argv[1:]]
print(Image.__version__)
for sw, sh, dw, dh in cases:
    # The same kind of content as the Swift side: gradients, a soft transparent disc.
    image = Image.linear_gradient('L').resize((sw, sh)).convert('RGBA')
    alpha = Image.radial_gradient('L').resize((sw, sh))
    image.putalpha(alpha.point(lambda v: 255 - v))
    times = []
    for _ in range(32):
        start = time.perf_counter()
        image.resize((dw, dh), Image.LANCZOS)
        times.append(time.perf_counter() - start)
    times = sorted(times[1:])
    print(f"{sw}x{sh}:{dw}x{dh}\t{times[len(times) // 2]}")
"""


def run_pillow(site=None):
    env = dict(os.environ)
    if site:
        env["PYTHONPATH"] = site
    cases = [f"{sw}x{sh}:{dw}x{dh}" for (sw, sh), (dw, dh) in CASES]
    out = subprocess.run([sys.executable, "-c", PILLOW_TIMER, *cases], capture_output=True, text=True, env=env, check=True)
    lines = out.stdout.strip().splitlines()
    return lines[0], {line.split("\t")[0]: float(line.split("\t")[1]) for line in lines[1:]}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    simd_site = sys.argv[sys.argv.index("--pillow-simd") + 1] if "--pillow-simd" in sys.argv else None
    cases = [f"{sw}x{sh}:{dw}x{dh}" for (sw, sh), (dw, dh) in CASES]
    ours = {}
    for line in subprocess.run([binary, *cases], capture_output=True, text=True, check=True).stdout.splitlines():
        name, seconds = line.split("\t")[:2]
        ours[name] = float(seconds)
    pillow_version, pillow = run_pillow()
    simd_version, simd = run_pillow(simd_site) if simd_site and os.path.isdir(simd_site) else ("not installed", {})

    cpu, cores = machine()
    print(f"Lanczos-3 resize, RGBA, single thread; {cpu}, {cores} cores")
    print(f"Pillow {pillow_version}; Pillow-SIMD {simd_version}; Mpx/s = source megapixels per second\n")
    header = f"{'case':<22}{'stickerpack':>14}{'Pillow':>12}{'Pillow-SIMD':>14}{'vs Pillow':>11}{'vs SIMD':>10}"
    print(header)
    print("-" * len(header))
    for case in cases:
        sw, sh = map(int, case.split(":")[0].split("x"))
        mpx = sw * sh / 1e6
        rate = lambda t: f"{mpx / t:.1f}" if t else "-"
        ratio = lambda t: f"{t / ours[case]:.2f}x" if t else "-"
        print(f"{case:<22}{rate(ours[case]):>14}{rate(pillow.get(case)):>12}{rate(simd.get(case)):>14}"
              f"{ratio(pillow.get(case)):>11}{ratio(simd.get(case)):>10}")
    print("\nratio = peer time / stickerpack time: above 1, stickerpack is faster.")


if __name__ == "__main__":
    main()
