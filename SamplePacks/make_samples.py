#!/usr/bin/env python3
"""Regenerates the art of the sample packs (needs Pillow: pip install pillow).

Every sticker is drawn here from shapes, so anyone can remake or change the packs.
Clean/: a regular-size (408 px) pack that passes every rule: PNG stills and an APNG, transparent backgrounds.
Problems/: a folder in which every file-level rule fires at least once (see EXPECTED_RULES below).
Problems.xcstickers/: a catalog whose Contents.json files and icon set trip the catalog and app-icon rules.
OverLimit/: stickers over the 500 KB limit for `stickerpack fit` (make demo): a large still, an animated GIF,
an APNG named .apng, and a 618 px APNG; textured (a seeded grain) so that they are as hard to shrink as art is.

`make_samples.py OverLimit` remakes only that pack.
"""
import io
import json
import math
import os
import random
import shutil
import struct
import sys
import zlib
from PIL import Image, ImageChops, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = 408
SUPERSAMPLE = 4  # draw large, then downscale, for smooth edges


def canvas():
    return Image.new("RGBA", (SIZE * SUPERSAMPLE, SIZE * SUPERSAMPLE), (0, 0, 0, 0))


def finish(image):
    return image.resize((SIZE, SIZE), Image.LANCZOS)


def s(value):
    return int(value * SUPERSAMPLE)


def outlined_ellipse(draw, box, fill, outline=(40, 30, 30, 255), width=10):
    draw.ellipse([s(v) for v in box], fill=fill, outline=outline, width=s(width))


def cat():
    image = canvas()
    d = ImageDraw.Draw(image)
    ink = (40, 30, 30, 255)
    fur = (245, 170, 80, 255)
    for ear in ([(90, 170), (120, 40), (200, 120)], [(318, 170), (288, 40), (208, 120)]):
        d.polygon([(s(x), s(y)) for x, y in ear], fill=fur, outline=ink)
        d.line([(s(x), s(y)) for x, y in ear + [ear[0]]], fill=ink, width=s(10))
    outlined_ellipse(d, (60, 90, 348, 360), fur)
    for x in (150, 258):
        outlined_ellipse(d, (x - 22, 190, x + 22, 240), (255, 255, 255, 255), width=6)
        d.ellipse([s(x - 10), s(205), s(x + 10), s(235)], fill=ink)
    d.polygon([(s(190), s(265)), (s(218), s(265)), (s(204), s(282))], fill=(230, 90, 110, 255))
    d.arc([s(170), s(270), s(206), s(310)], 20, 160, fill=ink, width=s(6))
    d.arc([s(202), s(270), s(238), s(310)], 20, 160, fill=ink, width=s(6))
    return finish(image)


def star():
    image = canvas()
    d = ImageDraw.Draw(image)
    points = []
    for i in range(10):
        radius = 180 if i % 2 == 0 else 80
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((s(204 + radius * math.cos(angle)), s(214 + radius * math.sin(angle))))
    d.polygon(points, fill=(255, 205, 40, 255))
    d.line(points + [points[0]], fill=(150, 90, 0, 255), width=s(10), joint="curve")
    for x in (170, 238):
        d.ellipse([s(x - 12), s(190), s(x + 12), s(222)], fill=(60, 40, 0, 255))
    d.arc([s(175), s(215), s(233), s(265)], 20, 160, fill=(60, 40, 0, 255), width=s(7))
    return finish(image)


def wave_frames(count=8):
    frames = []
    for i in range(count):
        image = canvas()
        d = ImageDraw.Draw(image)
        outlined_ellipse(d, (84, 150, 324, 390), (120, 200, 255, 255))
        for x in (170, 238):
            d.ellipse([s(x - 12), s(240), s(x + 12), s(272)], fill=(30, 40, 70, 255))
        d.arc([s(165), s(270), s(243), s(330)], 20, 160, fill=(30, 40, 70, 255), width=s(8))
        # A hand waving on an arc above the head.
        angle = math.radians(-45 + 30 * math.sin(2 * math.pi * i / count))
        cx, cy = 204 + 150 * math.cos(angle), 270 + 150 * math.sin(angle)
        outlined_ellipse(d, (cx - 45, cy - 45, cx + 45, cy + 45), (255, 220, 170, 255), width=8)
        frames.append(finish(image))
    return frames


def save_apng(frames, path, duration=90, loop=0):
    frames[0].save(path, format="PNG", save_all=True, append_images=frames[1:], duration=duration, loop=loop,
                   disposal=1, blend=0, optimize=True)


def chunks(data):
    """(type, body) for every chunk of a PNG."""
    offset = 8
    while offset < len(data):
        length, = struct.unpack(">I", data[offset:offset + 4])
        yield data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        offset += 12 + length


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def with_second_actl(apng):
    """An APNG with its acTL chunk written twice: the spec says to show the still image."""
    out = apng[:8]
    for kind, body in chunks(apng):
        out += chunk(kind, body)
        if kind == b"acTL":
            out += chunk(kind, body)
    return out


def exif_orientation(value):
    """A minimal little-endian EXIF block with one Orientation tag."""
    ifd = struct.pack("<HHHIHH", 1, 0x0112, 3, 1, value, 0) + struct.pack("<I", 0)
    return b"Exif\0\0" + b"II*\0" + struct.pack("<I", 8) + ifd


def make_clean():
    clean = os.path.join(HERE, "Clean")
    os.makedirs(clean, exist_ok=True)
    cat().save(os.path.join(clean, "cat.png"), optimize=True)
    star().save(os.path.join(clean, "star.png"), optimize=True)
    save_apng(wave_frames(), os.path.join(clean, "wave.png"))
    print("wrote", clean)


# Exactly the rules each file of Problems/ triggers (cat.png: none); the end-to-end tests check them.
EXPECTED_RULES = {
    "boxed.png": ["opaque-background"],
    "cat2.png": ["duplicate"],
    "double-actl.png": ["decode-warning"],
    "fast.gif": ["frame-delay", "loop-count", "prefer-png"],
    "huge.png": ["dimensions"],
    "noise.png": ["file-size"],
    "photo-in-disguise.png": ["extension-mismatch", "no-transparency", "prefer-png"],
    "photo.jpg": ["no-transparency", "prefer-png"],
    "rotated.jpg": ["exif-orientation", "no-transparency", "prefer-png"],
    "small.png": ["size-class"],
    "sticker.webp": ["unsupported-format"],
    "truncated.png": ["decode-error"],
    "wave.apng": ["extension-mismatch"],
    "wide.png": ["not-square"],
}


def photo(sun=(250, 200, 60), size=408):
    """An opaque, photo-like gradient with a sun."""
    image = Image.new("RGB", (size, size))
    d = ImageDraw.Draw(image)
    for y in range(size):
        d.line([(0, y), (size, y)], fill=(80 + y * 100 // size, 140, 220 - y * 120 // size))
    d.ellipse([size // 4, size // 4, size * 3 // 4, size * 3 // 4], fill=sun)
    return image


def make_problems():
    folder = os.path.join(HERE, "Problems")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    put = lambda name: os.path.join(folder, name)
    cat().save(put("cat.png"), optimize=True)
    shutil.copyfile(put("cat.png"), put("cat2.png"))
    cat().resize((300, 300), Image.LANCZOS).save(put("small.png"), optimize=True)
    cat().resize((1024, 1024), Image.LANCZOS).save(put("huge.png"), optimize=True)
    wide = Image.new("RGBA", (408, 300), (0, 0, 0, 0))
    wide.alpha_composite(star().resize((300, 300), Image.LANCZOS), (54, 0))
    wide.save(put("wide.png"), optimize=True)
    boxed = Image.new("RGBA", (408, 408), (255, 255, 255, 255))
    boxed.paste(Image.new("RGBA", (200, 200), (0, 0, 0, 0)), (104, 104))
    boxed.alpha_composite(star())
    boxed.save(put("boxed.png"))
    random.seed(7)
    Image.frombytes("RGBA", (408, 408), bytes(random.getrandbits(8) for _ in range(408 * 408 * 4))).save(put("noise.png"))
    photo().save(put("photo.jpg"), quality=90)
    photo((240, 90, 90)).save(put("photo-in-disguise.png"), format="JPEG", quality=90)
    photo((90, 220, 120)).save(put("rotated.jpg"), quality=90, exif=exif_orientation(6))
    photo().save(put("sticker.webp"), format="WEBP")
    full = io.BytesIO()
    cat().save(full, format="PNG")
    with open(put("truncated.png"), "wb") as f:
        f.write(full.getvalue()[: len(full.getvalue()) * 2 // 3])
    frames = wave_frames(4)
    save_apng(frames, put("wave.apng"))
    apng = io.BytesIO()
    save_apng(frames, apng)
    with open(put("double-actl.png"), "wb") as f:
        f.write(with_second_actl(apng.getvalue()))
    gif_frames = [frame.convert("RGBA") for frame in wave_frames(4)]
    # No loop argument: the GIF gets no NETSCAPE2.0 block and plays once.
    gif_frames[0].save(put("fast.gif"), save_all=True, append_images=gif_frames[1:], duration=0, disposal=2)
    with open(put("EXPECTED_RULES.json"), "w") as f:
        json.dump(EXPECTED_RULES, f, indent=2, sort_keys=True)
        f.write("\n")
    print("wrote", folder)


def contents(folder, body):
    body = dict(body, info={"author": "xcode", "version": 1})
    with open(os.path.join(folder, "Contents.json"), "w") as f:
        json.dump(body, f, indent=2, sort_keys=True)
        f.write("\n")


def make_problem_catalog():
    root = os.path.join(HERE, "Problems.xcstickers")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    contents(root, {})
    pack = os.path.join(root, "Sticker Pack.stickerpack")
    os.makedirs(pack)
    # A misspelled key, a listed sticker that is missing, an unlisted folder, a label over 150 characters. No
    # case collision: a Mac's case-insensitive disk could not check out both names (the tests build that pair).
    contents(pack, {"properties": {"grid-space": "regular"},
                    "stickers": [{"filename": "cat.sticker"}, {"filename": "ghost.sticker"}, {"filename": "kitten.sticker"}]})
    for name, label in (("cat", "A cat"), ("kitten", "x" * 151), ("star", None)):
        folder = os.path.join(pack, name + ".sticker")
        os.makedirs(folder)
        art = cat() if name in ("cat", "kitten") else star()
        art.save(os.path.join(folder, name + ".png"), optimize=True)
        properties = {"filename": name + ".png"}
        if label:
            properties["accessibility-label"] = label
        contents(folder, {"properties": properties})
    # A sequence with an empty frame entry and a float duration, as real catalogs have.
    sequence = os.path.join(pack, "wave.stickersequence")
    os.makedirs(sequence)
    frames = wave_frames(3)
    for i, frame in enumerate(frames):
        frame.save(os.path.join(sequence, "wave-%d.png" % i), optimize=True)
    contents(sequence, {"properties": {"duration": 0.59999999999999998, "duration-type": "fixed", "repetitions": 0},
                        "frames": [{"filename": "wave-0.png"}, {}, {"filename": "wave-1.png"}, {"filename": "wave-2.png"}]})
    # An icon set with only two of the 13 images, one of the wrong size, both with transparent pixels.
    icons = os.path.join(root, "iMessage App Icon.stickersiconset")
    os.makedirs(icons)
    star().resize((120, 90)).save(os.path.join(icons, "icon-60x45@2x.png"))
    star().resize((100, 100)).save(os.path.join(icons, "icon-60x45@3x.png"))
    contents(icons, {"images": [
        {"filename": "icon-60x45@2x.png", "idiom": "iphone", "scale": "2x", "size": "60x45"},
        {"filename": "icon-60x45@3x.png", "idiom": "iphone", "scale": "3x", "size": "60x45"},
    ]})
    print("wrote", root)


def grain(image, seed, amount=10):
    """Adds a seeded grain of +-amount to each channel: paint and paper texture, which no codec gets for free."""
    rng = random.Random(seed)
    noise = [Image.frombytes("L", image.size, rng.randbytes(image.width * image.height)).point(
        lambda v: v * (2 * amount + 1) // 256) for _ in range(3)]
    out = ImageChops.add(image.convert("RGB"), Image.merge("RGB", noise), 1.0, -amount)
    out.putalpha(image.getchannel("A"))
    return out


def spinner_frames(count=24, size=408):
    """A colour wheel turning once, on a transparent background."""
    frames = []
    for i in range(count):
        image = Image.new("RGBA", (size * 2, size * 2), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        for k in range(12):
            start = k * 30 + i * 360 / count
            hue = (k * 30) % 360
            colour = tuple(int(127 + 127 * math.cos(math.radians(hue - o))) for o in (0, 120, 240)) + (255,)
            d.pieslice([40, 40, size * 2 - 40, size * 2 - 40], start, start + 30, fill=colour)
        d.ellipse([size - 90, size - 90, size + 90, size + 90], fill=(250, 250, 245, 255))
        frames.append(grain(image.resize((size, size), Image.LANCZOS), seed=100 + i, amount=8))
    return frames


def make_over_limit():
    """Four stickers, each over the 500,000-byte limit; the pack stays under 5 MB."""
    folder = os.path.join(HERE, "OverLimit")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    big = photo(size=700).convert("RGBA")
    ImageDraw.Draw(big).ellipse([35, 35, 665, 665], outline=(255, 255, 255, 255), width=10)
    grain(big, seed=1, amount=4).save(os.path.join(folder, "sunset.png"), optimize=True)
    spinner = spinner_frames(14)
    spinner[0].save(os.path.join(folder, "spinner.gif"), save_all=True, append_images=spinner[1:], duration=60,
                    loop=0, disposal=2)
    waving = [grain(frame, seed=200 + i, amount=5) for i, frame in enumerate(wave_frames(4))]
    save_apng(waving, os.path.join(folder, "waving.apng"), duration=80)
    large = [grain(frame.resize((618, 618), Image.LANCZOS), seed=300 + i, amount=2)
             for i, frame in enumerate(spinner_frames(3))]
    save_apng(large, os.path.join(folder, "wheel.png"), duration=120)
    for name in sorted(os.listdir(folder)):
        size = os.path.getsize(os.path.join(folder, name))
        assert size > 500_000, f"{name} is {size} bytes: the over-limit pack needs every file over 500,000"
    print("wrote", folder)


def main():
    if sys.argv[1:] == ["OverLimit"]:
        make_over_limit()
        return
    make_clean()
    make_problems()
    make_problem_catalog()
    make_over_limit()


if __name__ == "__main__":
    main()
