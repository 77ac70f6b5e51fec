#!/usr/bin/env python3
"""The long-animation set of the fit benchmark: transparent emoji animations of 100 to 560 frames and 3 to 17 s,
with slow, smooth motion over glows, gradients and drifting particles in many colours, as the stickers imported
from Telegram (60 fps, up to 180 frames) and WhatsApp (up to 10 s) are. Made from the OpenMoji art in
Benchmarks/Data/openmoji-618, as animated_set.py makes its short animations.

Usage: long_set.py [--list]

Nine files are 512 px, 120 to 240 frames, 3 to 7.2 s: seven GIFs (one with uneven delays, from 10 ms flickers to
120 ms holds, as an export of variable-rate video has) and two APNGs with soft alpha (one at 60 fps, its delays
written 1/60 s exactly). One GIF is 800x400 (2:1), 560 frames, 16.8 s.

Every file is labelled "derived" in SOURCES.txt with its recipe: the art is OpenMoji's (CC BY-SA 4.0), and the
animations are shared under the same licence, a copy of which is written beside them. The set is made at bench time
into .build/bench-data/long/ with SOURCES.txt (source, licence, recipe, the SHA-256 of each file made). The recipes
are deterministic (numpy and Pillow, a fixed seed where there is chance), so the bytes follow those packages'
versions; everything is cached: a second run only checks.

GIF frames are made as animated_set.py makes them (1-bit alpha by a threshold or an 8x8 Bayer pattern, up to 255
colours by median cut with Floyd-Steinberg dithering, disposal 2). APNG frames keep their 8-bit alpha; Pillow writes
them (dispose to background, blend source), and the 60 fps file's frame delays are then set to 1/60 s.
"""
import io
import math
import os
import random
import struct
import zlib

import animated_set as a
from benchutil import ROOT

DATA = os.path.join(ROOT, ".build", "bench-data")
SET_DIR = os.path.join(DATA, "long")


# --- particles: small glow sprites placed where they are, not drawn over the whole canvas ------------------------

def glow(radius, colour, alpha=1.0, softness=1.0):
    """A round premultiplied glow of `radius` px, its alpha falling smoothly from `alpha` at the centre to 0."""
    r = max(1.0, radius)
    side = int(math.ceil(2 * r)) + 2
    return a.soft_ellipse(side, side, side / 2, side / 2, r, r, colour, alpha, softness)


def ring(size, radius, width, colour, alpha):
    """A soft ring (an annulus whose alpha falls off smoothly on both sides) of `radius`, centred on a canvas."""
    import numpy as np
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    d = np.sqrt((xs - size / 2) ** 2 + (ys - size / 2) ** 2) - radius
    alpha_map = alpha * np.exp(-(d / width) ** 2)
    out = np.zeros((size, size, 4), np.float32)
    out[..., 3] = alpha_map
    for c in range(3):
        out[..., c] = colour[c] * alpha_map
    return out


# --- the animations ----------------------------------------------------------------------------------------------

def yinyang(size=512, frames=150):
    """The yin-yang turns once a loop over a large glow whose colours go once round the hue circle, with twelve
    sparkles orbiting slowly."""
    sprite = a.transformed(a.art("262F"), 0.56 * size / 618)
    rng = random.Random(11)
    sparkles = [(rng.uniform(0, 1), rng.uniform(0.36, 0.46), rng.randint(16, 34), rng.uniform(0, 1))
                for _ in range(12)]
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        halo = a.radial_gradient(size, size, size / 2, size / 2, size * 0.48, a.hsv(t, 0.35, 1.0),
                                 a.hsv(t + 0.3, 0.8, 0.9))
        a.over(frame, halo * 0.8, 0, 0)
        a.place(frame, a.transformed(sprite, 1.0, angle=-360 * t), size / 2, size / 2)
        for phase, radius, px, hue in sparkles:
            angle = 2 * math.pi * (phase + t)
            twinkle = 0.55 + 0.45 * math.sin(2 * math.pi * (2 * t + phase))
            s = a.transformed(a.star(px, a.hsv(hue + t, 0.3, 1.0)), 0.6 + 0.4 * twinkle, angle=90 * t) * twinkle
            a.place(frame, s, size / 2 + radius * size * math.cos(angle), size / 2 + radius * size * math.sin(angle))
        out.append(frame)
    return out


def fairy(size=512, frames=200):
    """The fairy floats, bobbing and swaying gently, among 36 fireflies that drift on slow loops and pulse, warm
    yellow-green to orange."""
    sprite = a.art("1F9DA-1F3FF")
    rng = random.Random(7)
    flies = [(rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9), rng.uniform(0.04, 0.12), rng.choice([1, 2]),
              rng.uniform(0, 1), rng.uniform(10, 24), a.hsv(rng.uniform(0.08, 0.24), 0.75, 1.0)) for _ in range(36)]
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        body = a.transformed(sprite, 0.66 * size / 618 * (1 + 0.03 * math.sin(2 * math.pi * t)),
                             angle=5 * math.sin(2 * math.pi * t))
        a.place(frame, body, size / 2, size * (0.5 + 0.03 * math.sin(4 * math.pi * t)))
        for x, y, r, laps, phase, radius, colour in flies:
            u = 2 * math.pi * (laps * t + phase)
            pulse = 0.45 + 0.55 * math.sin(2 * math.pi * (3 * t + phase)) ** 2
            a.place(frame, glow(radius * (0.8 + 0.4 * pulse), colour, 0.95 * pulse),
                    (x + r * math.cos(u)) * size, (y + r * math.sin(2 * u) / 2) * size)
        out.append(frame)
    return out


def snow(size=512, frames=240):
    """The snowflake turns a sixth of a turn a loop over a blue-to-violet glow, while 70 soft flakes fall and sway
    in front of it and wrap round."""
    sprite = a.transformed(a.art("2744"), 0.7 * size / 618)
    rng = random.Random(3)
    flakes = [(rng.uniform(0, 1), rng.uniform(0, 1), rng.choice([1, 2]), rng.uniform(2.5, 9), rng.uniform(0, 1))
              for _ in range(70)]
    disc = a.radial_gradient(size, size, size / 2, size / 2, size * 0.47, (0.55, 0.8, 1.0), (0.35, 0.2, 0.75))
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        a.over(frame, disc * (0.75 + 0.15 * math.sin(2 * math.pi * t)), 0, 0)
        a.place(frame, a.transformed(sprite, 1.0, angle=-60 * t), size / 2, size / 2)
        for x, y, laps, radius, phase in flakes:
            yy = ((y + laps * t) % 1) * (size + 30) - 15
            xx = (x + 0.03 * math.sin(2 * math.pi * (2 * t + phase))) * size
            a.place(frame, glow(radius, (0.95, 0.97, 1.0), 0.9), xx, yy)
        out.append(frame)
    return out


def dove(size=512, frames=180):
    """The dove glides along a slow figure of eight, leaving a fading trail of glows in the colours of the
    rainbow."""
    sprite = a.transformed(a.art("1F54A"), 0.42 * size / 618)

    def position(t):
        u = 2 * math.pi * t
        return size / 2 + size * 0.28 * math.sin(u), size / 2 + size * 0.18 * math.sin(2 * u)

    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        for age in range(28, 0, -1):
            x, y = position(t - age / frames)
            a.place(frame, glow(40 - age, a.hsv(age / 28, 0.7, 1.0), 0.9 * (1 - age / 29)), x, y)
        x, y = position(t)
        dx, dy = position(t + 1 / frames)
        tilt = -math.degrees(math.atan2(dy - y, abs(dx - x) + 1e-6)) * 0.5
        s = a.transformed(sprite, 1.0, angle=tilt)
        if dx < x:
            s = s[:, ::-1].copy()
        a.place(frame, s, x, y)
        out.append(frame)
    return out


def heart_rings(size=512, frames=180):
    """The heart breathes slowly while soft rings grow out from it and fade, each a colour further round the hue
    circle (soft alpha throughout)."""
    sprite = a.art("1F493")
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        for k in range(3):
            age = (t + k / 3) % 1
            a.over(frame, ring(size, size * (0.16 + 0.32 * age), size * 0.035,
                               a.hsv(0.9 + 0.35 * k + 0.2 * t, 0.6, 1.0), 0.75 * (1 - age) ** 1.5), 0, 0)
        breath = 1 + 0.07 * math.sin(2 * math.pi * t)
        a.place(frame, a.transformed(sprite, 0.52 * size / 618 * breath), size / 2, size / 2)
        out.append(frame)
    return out


def steam(size=512, frames=150):
    """The cup of tea sits still while wisps of steam (soft glows) rise, widen, sway and fade above it."""
    import numpy as np
    cup = a.transformed(a.art("1F375"), 0.6 * size / 618)
    rng = random.Random(5)
    wisps = [(rng.uniform(0.38, 0.62), rng.uniform(0, 1), rng.uniform(0, 1)) for _ in range(26)]
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        for x, phase, sway in wisps:
            age = (t + phase) % 1
            xx = (x + 0.05 * math.sin(2 * math.pi * (age + sway))) * size
            yy = size * (0.52 - 0.42 * age)
            w = glow(size * (0.03 + 0.07 * age), (0.96, 0.96, 1.0), 0.6 * math.sin(math.pi * age) ** 1.2)
            a.place(frame, w, xx, yy)
        a.place(frame, cup, size / 2, size * 0.7)
        out.append(np.clip(frame, 0, 1))
    return out


def ferris(size=512, frames=120):
    """The Ferris wheel with 24 coloured lights turning slowly round it, their hues running round the wheel."""
    wheel = a.transformed(a.art("1F3A1"), 0.86 * size / 618)
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        a.place(frame, wheel, size / 2, size / 2)
        for k in range(24):
            angle = 2 * math.pi * (k / 24 + t / 24)
            brightness = 0.6 + 0.4 * math.sin(2 * math.pi * (k / 8 - t)) ** 2
            a.place(frame, glow(18 * brightness + 8, a.hsv(k / 24 + t, 0.65, 1.0), 0.95 * brightness),
                    size / 2 + size * 0.36 * math.cos(angle), size * 0.44 + size * 0.36 * math.sin(angle))
        out.append(frame)
    return out


def kite(size=512):
    """The kite drifts and tilts on the wind with a tail of glowing bows; frames come at uneven times (frames,
    delays)."""
    sprite = a.transformed(a.art("1FA81"), 0.5 * size / 618)
    pattern = [20, 20, 30, 40, 60, 100, 120, 60, 40, 30, 20, 10, 20]
    delays = [pattern[i % len(pattern)] for i in range(130)]
    total = sum(delays)
    frames, clock = [], 0
    for delay in delays:
        t = clock / total
        clock += delay
        frame = a.canvas(size, size)
        x = size / 2 + size * 0.16 * math.sin(2 * math.pi * t)
        y = size * 0.38 + size * 0.06 * math.sin(4 * math.pi * t)
        for k in range(1, 9):
            lag = t - k * 0.012
            tx = x - size * 0.03 * k + size * 0.02 * math.sin(2 * math.pi * (2 * lag) + k)
            ty = y + size * 0.055 * k
            frame = a.place(frame, glow(17, a.hsv(k / 9 + t, 0.8, 1.0), 0.95), tx, ty)
        a.place(frame, a.transformed(sprite, 1.0, angle=12 * math.sin(2 * math.pi * t)), x, y)
        frames.append(frame)
    return frames, delays


def fireworks(size=512, frames=210):
    """The fireworks emoji glows at the centre while three bursts of 40 sparks open one after the other, fall
    under gravity and fade, each burst its own colours."""
    sprite = a.transformed(a.art("1F386"), 0.45 * size / 618)
    rng = random.Random(42)
    bursts = []
    for k in range(3):
        centre = (rng.uniform(0.3, 0.7) * size, rng.uniform(0.25, 0.45) * size)
        hue = rng.uniform(0, 1)
        sparks = [(rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 1.0), a.hsv(hue + rng.uniform(-0.08, 0.08), 0.7,
                                                                             1.0)) for _ in range(40)]
        bursts.append((k / 3, centre, sparks))
    out = []
    for i in range(frames):
        t = i / frames
        frame = a.canvas(size, size)
        pulse = 0.5 + 0.5 * math.sin(2 * math.pi * t)
        a.place(frame, a.radial_gradient(size // 2, size // 2, size / 4, size / 4, size * 0.22, (1, 0.9, 0.6),
                                         (0.9, 0.4, 0.8)) * (0.4 + 0.3 * pulse), size / 2, size * 0.72)
        a.place(frame, sprite, size / 2, size * 0.72)
        for start, (cx, cy), sparks in bursts:
            age = (t - start) % 1
            if age > 0.6:
                continue
            u = age / 0.6
            for angle, speed, colour in sparks:
                reach = size * 0.22 * speed * (1 - (1 - u) ** 2)
                x, y = cx + reach * math.cos(angle), cy + reach * math.sin(angle) + size * 0.12 * u * u
                a.place(frame, glow(13 * (1 - 0.5 * u) + 4, colour, 0.95 * (1 - u) ** 0.8), x, y)
        out.append(frame)
    return out


def parade(width=800, height=400, frames=560):
    """Five emoji walk slowly from left to right, bobbing, each over a soft shadow, and wrap round, while 40
    glowing bubbles in many colours rise behind them; a long, wide sticker."""
    names = ["1F992", "1F427", "1F9F8", "1F414", "1F47D"]
    sprites = [a.transformed(a.art(n), 0.36 * height / 618 * 1.6) for n in names]
    rng = random.Random(99)
    bubbles = [(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(12, 30), a.hsv(rng.uniform(0, 1), 0.55, 1.0),
                rng.choice([1, 2])) for _ in range(40)]
    out = []
    span = width + 160
    for i in range(frames):
        t = i / frames
        frame = a.canvas(width, height)
        for x, y, radius, colour, laps in bubbles:
            yy = height - ((y + laps * t) % 1) * (height + 40) + 20
            xx = x * width + 10 * math.sin(2 * math.pi * (4 * t + y))
            a.place(frame, glow(radius, colour, 0.7), xx, yy)
        for k, s in enumerate(sprites):
            cx = ((k / len(sprites) + t) % 1) * span - 80
            step = 4 * math.pi * (8 * t + k / 5)
            cy = height * 0.62 - abs(math.sin(step)) * height * 0.04
            shadow = glow(height * 0.09, (0.05, 0.04, 0.1), 0.6)
            a.place(frame, a.transformed(shadow, 1.4, 0.35), cx, height * 0.9)
            a.place(frame, a.transformed(s, 1.0, angle=6 * math.sin(step / 2)), cx, cy)
        out.append(frame)
    return out


# --- APNG writing ------------------------------------------------------------------------------------------------

def save_apng(frames, delay_ms, fps=None):
    """Frames with their 8-bit alpha as an APNG written by Pillow; with `fps`, every frame's delay is then set to
    exactly 1/fps s (Pillow writes whole milliseconds)."""
    import numpy as np
    from PIL import Image
    images = []
    for f in frames:
        alpha = f[..., 3:4]
        rgb = np.where(alpha > 1e-6, f[..., :3] / np.maximum(alpha, 1e-6), 0)
        straight = np.concatenate([rgb, alpha], axis=-1)
        images.append(Image.fromarray(np.clip(np.rint(straight * 255), 0, 255).astype(np.uint8), "RGBA"))
    out = io.BytesIO()
    images[0].save(out, "PNG", save_all=True, append_images=images[1:], duration=delay_ms, loop=0, disposal=1,
                   blend=0, default_image=False)
    data = out.getvalue()
    return with_frame_rate(data, fps) if fps else data


def with_frame_rate(png, fps):
    """`png` with each fcTL chunk's delay set to 1/fps s and its CRC made again."""
    out, at = bytearray(png[:8]), 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = bytearray(png[at + 8:at + 8 + length])
        if kind == b"fcTL":
            body[20:24] = struct.pack(">HH", 1, fps)
        out += struct.pack(">I4s", length, kind) + body + struct.pack(">I", zlib.crc32(kind + body))
        at += 12 + length
    return bytes(out)


# --- the set -----------------------------------------------------------------------------------------------------

def recipes():
    """(file name, OpenMoji art used, what was done, maker of (frames, delays in ms), format, alpha dithered, fps)."""
    def steady(make, delay):
        return lambda: (lambda frames: (frames, [delay] * len(frames)))(make())

    return [
        ("yinyang-aurora.gif", ["262F"], "one turn a loop over a large radial glow cycling once round the hue "
         "circle, twelve orbiting twinkling sparkles; 512 px, 150 frames, 40 ms (25 fps, 6.0 s); alpha "
         "Bayer-dithered", steady(yinyang, 40), "gif", True, None),
        ("fairy-fireflies.gif", ["1F9DA-1F3FF"], "floating fairy (bob 3 %, sway 5 degrees) among 36 pulsing firefly "
         "glows on slow loops (seed 7); 512 px, 200 frames, 30 ms (33 fps, 6.0 s); alpha Bayer-dithered",
         steady(fairy, 30), "gif", True, None),
        ("snow-globe.gif", ["2744"], "a sixth of a turn a loop over a blue-to-violet glow, 70 soft falling flakes "
         "(seed 3); 512 px, 240 frames, 30 ms (33 fps, 7.2 s); alpha Bayer-dithered", steady(snow, 30), "gif", True,
         None),
        ("dove-trail.gif", ["1F54A"], "gliding on a figure of eight with a fading rainbow trail of 28 glows; 512 px, "
         "180 frames, 40 ms (25 fps, 7.2 s); alpha Bayer-dithered", steady(dove, 40), "gif", True, None),
        ("ferris-lights.gif", ["1F3A1"], "24 coloured lights turning slowly round the wheel, hues running; 512 px, "
         "120 frames, 50 ms (20 fps, 6.0 s)", steady(ferris, 50), "gif", False, None),
        ("kite-uneven.gif", ["1FA81"], "drifting, tilting kite with a tail of eight glowing bows; 512 px, 130 frames "
         "at uneven delays (10 to 120 ms, a 13-delay pattern, 5.7 s)", kite, "gif", False, None),
        ("fireworks-burst.gif", ["1F386"], "a glowing emoji under three bursts of 40 sparks each, opening, falling "
         "and fading (seed 42); 512 px, 210 frames, 30 ms (33 fps, 6.3 s); alpha Bayer-dithered",
         steady(fireworks, 30), "gif", True, None),
        ("heart-rings-60fps.png", ["1F493"], "a slowly breathing heart with soft rings growing and fading in turning "
         "hues; 512 px, 180 frames at 1/60 s (60 fps, 3.0 s); 8-bit alpha APNG", steady(heart_rings, 17), "apng",
         False, 60),
        ("tea-steam.png", ["1F375"], "26 soft wisps of steam rising, widening and fading over a cup of tea (seed 5); "
         "512 px, 150 frames, 40 ms (25 fps, 6.0 s); 8-bit alpha APNG", steady(steam, 40), "apng", False, None),
        ("parade-long.gif", ["1F992", "1F427", "1F9F8", "1F414", "1F47D"], "five emoji walking slowly across, "
         "bobbing over soft shadows, 40 rising bubble glows in many colours (seed 99); 800 x 400 px, 560 frames, "
         "30 ms (33 fps, 16.8 s)", steady(parade, 30), "gif", False, None),
    ]


def encode(frames, delays, kind, dither, fps):
    return save_apng(frames, delays, fps) if kind == "apng" else a.save_gif(frames, delays, dither)


def prepare():
    """Makes the set when missing; returns its folder and the list of its files."""
    def maker(make, kind, dither, fps):
        def made():
            frames, delays = make()
            return encode(frames, delays, kind, dither, fps), len(frames)
        return made

    items = [(name, sources, what, maker(make, kind, dither, fps))
             for name, sources, what, make, kind, dither, fps in recipes()]
    return a.prepare_set(SET_DIR, items, "Long emoji animations", "Benchmarks/long_set.py")


def main():
    a.set_main(prepare, __doc__, "long animated stickers")


if __name__ == "__main__":
    main()
