#!/usr/bin/env python3
"""Draws the source/distorted pairs the SSIMULACRA2 tests hold our implementation to, and scores them.

Usage: make_pairs.py [--reference PATH/TO/ssimulacra2]

Every image is drawn here (Pillow), so the pairs carry no one else's licence. Each distortion is saved as an
opaque 8-bit RGB PNG, so every implementation reads exactly the same pixels. EXPECTED.tsv gets one line a
pair: the score of the PyPI package `ssimulacra2` (pip install ssimulacra2, BSD-3-Clause, a NumPy/SciPy port
that blurs with SciPy's Gaussian rather than the reference's recursive filter) and, with --reference, the
score printed by libjxl's reference tool (tools/ssimulacra2.cc, or cloudinary/ssimulacra2, built apart).
A third score comes from double_precision_score below: the reference's steps in float64 NumPy, written
for this project. The reference blurs in float32, and its recursive filter's rounding moves high scores
(0.06 on these pairs, 0.24 on a 618 px JPEG q90 pair); this column shows where the exact value lies.
"""
import io
import math
import os
import random
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))


def sticker_art(width, height, seed):
    """A sticker-like picture: a gradient ground, a soft disc, hard-edged shapes, strokes and fine texture."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (40 + 150 * x // width, 90 + 100 * y // height, 200 - 120 * x // width)
    draw = ImageDraw.Draw(image)
    for _ in range(6):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(4, max(5, min(width, height) // 4))
        colour = tuple(rng.randrange(256) for _ in range(3))
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=(20, 20, 20), width=max(1, r // 8))
    for _ in range(4):
        points = [(rng.randrange(width), rng.randrange(height)) for _ in range(3)]
        draw.line(points, fill=(250, 245, 230), width=max(1, width // 60))
    # Fine texture in one corner: detail a blur or coarse JPEG loses.
    for y in range(height // 2, height):
        for x in range(0, width // 3):
            if (x * 7 + y * 3) % 5 == 0:
                pixels[x, y] = tuple(min(255, c + 35) for c in pixels[x, y])
    return image


def jpeg(image, quality, subsampling=2):
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, subsampling=subsampling)
    buffer.seek(0)
    return Image.open(buffer).convert("RGB")


def noise(image, amount, seed):
    rng = random.Random(seed)
    out = image.copy()
    pixels = out.load()
    for y in range(out.height):
        for x in range(out.width):
            pixels[x, y] = tuple(max(0, min(255, c + rng.randint(-amount, amount))) for c in pixels[x, y])
    return out


def recursive_gaussian(sigma=1.5):
    """Charalampidis' recursive Gaussian as libjxl sets it up: radius and the three filters' n2, d1."""
    radius = round(3.2795 * sigma + 0.2546)
    step = math.pi / (2 * radius)
    omega = [step, 3 * step, 5 * step]
    sign = [1, -1, 1]
    p = [sign[i] / math.tan(omega[i] / 2) for i in range(3)]
    r = [sign[i] * p[i] * p[i] / math.sin(omega[i]) for i in range(3)]
    rho = [math.exp(-0.5 * sigma * sigma * o * o) / radius for o in omega]
    d13 = p[0] * r[1] - r[0] * p[1]
    z15 = (p[1] * r[2] - r[1] * p[2]) / d13
    z35 = (p[2] * r[0] - r[2] * p[0]) / d13
    beta = np.linalg.solve(
        np.array([p, r, [z15, z35, 1]]),
        np.array([1, radius * radius - sigma * sigma, z15 * rho[0] + z35 * rho[1] + rho[2]]))
    return radius, [-beta[i] * math.cos(omega[i] * (radius + 1)) for i in range(3)], [-2 * math.cos(o) for o in omega]


def blur_columns(x, radius, n2, d1):
    """The three filters down axis 0, zero outside the image, outputs summed."""
    out = np.zeros_like(x)
    previous = [np.zeros(x.shape[1:]) for _ in range(3)]
    before = [np.zeros(x.shape[1:]) for _ in range(3)]
    for n in range(1 - radius, x.shape[0]):
        top, bottom = n - radius - 1, n + radius - 1
        total = (x[top] if top >= 0 else 0) + (x[bottom] if bottom < x.shape[0] else 0)
        current = [n2[k] * total - d1[k] * previous[k] - before[k] for k in range(3)]
        before, previous = previous, current
        if n >= 0:
            out[n] = current[0] + current[1] + current[2]
    return out


def double_precision_score(source_path, distorted_path):
    """SSIMULACRA2 with every step in float64: sRGB to linear, positive XYB, six scales of 2x2 boxes,
    the recursive blur, SSIM and edge maps, the 108 weights of the PyPI package (the reference's)."""
    from ssimulacra2.ssimulacra2 import Msssim, MsssimScale

    radius, n2, d1 = recursive_gaussian()
    blur = lambda x: blur_columns(blur_columns(x, radius, n2, d1).T, radius, n2, d1).T
    opsin = np.array([[0.30, 0.622, 0.078], [0.23, 0.692, 0.078],
                      [0.24342268924547819, 0.20476744424496821, 1 - 0.24342268924547819 - 0.20476744424496821]])
    bias = 0.0037930732552754493

    def linear(path):
        v = np.asarray(Image.open(path).convert("RGB"), dtype=np.float64) / 255
        return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)

    def xyb(rgb):
        mixed = np.cbrt(np.maximum(rgb @ opsin.T + bias, 0)) - np.cbrt(bias)
        x, y = 0.5 * (mixed[..., 0] - mixed[..., 1]), 0.5 * (mixed[..., 0] + mixed[..., 1])
        return [x * 14 + 0.42, y + 0.01, mixed[..., 2] - y + 0.55]

    def halve(rgb):
        h, w = rgb.shape[:2]
        y0, x0 = np.arange((h + 1) // 2) * 2, np.arange((w + 1) // 2) * 2
        y1, x1 = np.minimum(y0 + 1, h - 1), np.minimum(x0 + 1, w - 1)
        return (rgb[y0][:, x0] + rgb[y0][:, x1] + rgb[y1][:, x0] + rgb[y1][:, x1]) * 0.25

    def norms(v):
        return [v.mean(), (v ** 4).mean() ** 0.25]

    rgb1, rgb2 = linear(source_path), linear(distorted_path)
    result = Msssim()
    for scale in range(6):
        if rgb1.shape[0] < 8 or rgb1.shape[1] < 8:
            break
        if scale:
            rgb1, rgb2 = halve(rgb1), halve(rgb2)
        maps = MsssimScale()
        ssim, edges = [], []
        for x1, x2 in zip(xyb(rgb1), xyb(rgb2)):
            m1, m2, s11, s22, s12 = blur(x1), blur(x2), blur(x1 * x1), blur(x2 * x2), blur(x1 * x2)
            d = 1 - (1 - (m1 - m2) ** 2) * (2 * (s12 - m1 * m2) + 0.0009) / ((s11 - m1 * m1) + (s22 - m2 * m2) + 0.0009)
            ssim += norms(np.maximum(d, 0))
            ratio = (1 + abs(x2 - m2)) / (1 + abs(x1 - m1)) - 1
            edges += norms(np.maximum(ratio, 0)) + norms(np.maximum(-ratio, 0))
        maps.avg_ssim, maps.avg_edgediff = np.array(ssim), np.array(edges)
        result.scales.append(maps)
    return result.score()


def pairs():
    art = sticker_art(310, 270, 1)
    small = sticker_art(97, 61, 2)
    tiny = sticker_art(21, 13, 3)
    return [
        ("art", art, {
            "jpeg15": jpeg(art, 15),
            "jpeg50": jpeg(art, 50),
            "jpeg90": jpeg(art, 90, 0),
            "blur": art.filter(ImageFilter.GaussianBlur(1.2)),
            "posterize": art.quantize(24, dither=Image.Dither.NONE).convert("RGB"),
            "noise": noise(art, 6, 4),
        }),
        ("small", small, {"jpeg40": jpeg(small, 40), "blur": small.filter(ImageFilter.GaussianBlur(0.8))}),
        ("tiny", tiny, {"jpeg50": jpeg(tiny, 50, 0)}),
    ]


def main():
    from ssimulacra2 import compute_ssimulacra2  # the PyPI package

    reference = sys.argv[sys.argv.index("--reference") + 1] if "--reference" in sys.argv else None
    lines = ["source\tdistorted\tpypi_ssimulacra2\treference_ssimulacra2\tdouble_ssimulacra2"]
    for name, source, distortions in pairs():
        source_path = os.path.join(HERE, f"{name}.png")
        source.save(source_path, optimize=True)
        for label, image in distortions.items():
            path = os.path.join(HERE, f"{name}-{label}.png")
            image.save(path, optimize=True)
            pypi = compute_ssimulacra2(source_path, path)
            ref = ""
            if reference:
                out = subprocess.run([reference, source_path, path], capture_output=True, text=True, check=True)
                ref = f"{float(out.stdout.split()[-1]):.6f}"
            exact = double_precision_score(source_path, path)
            lines.append(f"{name}.png\t{name}-{label}.png\t{pypi:.6f}\t{ref}\t{exact:.6f}")
            print(lines[-1])
    with open(os.path.join(HERE, "EXPECTED.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
