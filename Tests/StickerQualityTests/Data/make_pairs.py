#!/usr/bin/env python3
"""Draws the source/distorted pairs the SSIMULACRA2 tests hold our implementation to, and scores them.

Usage: make_pairs.py [--reference PATH/TO/ssimulacra2]

Every image is drawn here (Pillow), so the pairs carry no one else's licence. Each distortion is saved as an
opaque 8-bit RGB PNG, so every implementation reads exactly the same pixels. EXPECTED.tsv gets one line a
pair: the score of the PyPI package `ssimulacra2` (pip install ssimulacra2, BSD-3-Clause, a NumPy/SciPy port
that blurs with SciPy's Gaussian rather than the reference's recursive filter) and, with --reference, the
score printed by libjxl's reference tool (tools/ssimulacra2.cc, or cloudinary/ssimulacra2, built apart).
"""
import io
import math
import os
import random
import subprocess
import sys

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
    lines = ["source\tdistorted\tpypi_ssimulacra2\treference_ssimulacra2"]
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
            lines.append(f"{name}.png\t{name}-{label}.png\t{pypi:.6f}\t{ref}")
            print(lines[-1])
    with open(os.path.join(HERE, "EXPECTED.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
