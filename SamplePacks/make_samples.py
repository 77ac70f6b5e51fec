#!/usr/bin/env python3
"""Regenerates the art of the sample packs (needs Pillow: pip install pillow).

Every sticker is drawn here from shapes, so anyone can remake or change the packs.
Clean/: a regular-size (408 px) pack that passes every rule: PNG stills and an APNG, transparent backgrounds.
"""
import math
import os
from PIL import Image, ImageDraw

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


def main():
    clean = os.path.join(HERE, "Clean")
    os.makedirs(clean, exist_ok=True)
    cat().save(os.path.join(clean, "cat.png"), optimize=True)
    star().save(os.path.join(clean, "star.png"), optimize=True)
    frames = wave_frames()
    frames[0].save(os.path.join(clean, "wave.png"), save_all=True, append_images=frames[1:],
                   duration=90, loop=0, disposal=1, blend=0, optimize=True)
    print("wrote", clean)


if __name__ == "__main__":
    main()
