#!/usr/bin/env python3
"""Renders reference frames with Pillow for Tests/StickerImageTests/ReferenceFrameTests.swift.

Writes reference-frames/<corpus-relative path>/frame-NNNN.png (RGBA, the whole canvas after frame NNNN,
numbered from 0) for
  - the valid files of the APNG suite (Tests/Corpora/apng/pillow-apng, verdict `valid` in EXPECTED.tsv);
  - the disposal/transparency GIFs of pillow-tests/gif (GIF_FILES below).

Our compositing is what a browser shows, so Pillow's render is not copied blindly:
  - APNG: every frame comes from a fresh Image.open and a direct seek. Pillow 13 seeking frame by frame
    (seek(0), seek(1), ...) loses the dispose_op PREVIOUS restore (dispose_op_previous.png frame 2 comes
    out red instead of frame 0's green); a direct seek composites it as the spec says. Pillow's extra
    frame 0 for a default image that is not part of the animation is skipped. Files where Pillow blends
    wrongly are left out (APNG_LEFT_OUT); the Swift test checks them against values worked out by hand.
  - GIF: browsers start from a transparent canvas, clear disposal-2 areas to transparent and clip frames
    to the logical screen. Pillow fills the area outside the first frame and disposal-2 areas with the
    background colour when the frame has no transparent index, and enlarges the canvas for frames that
    stick out. The conversion is mechanical: Pillow's canvas is cropped to the logical screen, and the
    pixels a browser has transparent are worked out from the file's own frame rectangles, disposal
    methods and each frame's own transparent pixels (see browser_frames), and made transparent there.
    Files left out: GIF_LEFT_OUT.

Needs Pillow 13 (pip install pillow). Run from anywhere: python3 Tests/Fixtures/make_reference_frames.py
"""
import io
import os
import shutil
import struct
import warnings

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.normpath(os.path.join(HERE, "..", "Corpora"))
OUT = os.path.join(HERE, "reference-frames")

# APNG file: why Pillow's render is not a reference.
APNG_LEFT_OUT = {
    "blend_op_over_near_transparent.png": "alpha-2 green OVER opaque green must stay opaque; Pillow pastes with a mask and lowers alpha to 253, 251, ...",
    "mode_16bit.png": "half-transparent blue OVER opaque black is opaque (0,0,128,255); Pillow gives alpha 191",
    "mode_grayscale_alpha.png": "half-transparent white OVER opaque black is opaque (128,128,128,255); Pillow gives alpha 191",
    "mode_palette_1bit_alpha.png": "half-transparent blue OVER opaque black is (0,0,128,255); Pillow does not blend at all (0,0,255,128)",
}

# pillow-tests GIFs about disposal, transparency and frame extents.
GIF_FILES = [
    "background_outside_palette.gif",
    "different_transparency.gif",
    "dispose_bgnd.gif",
    "dispose_bgnd_rgba.gif",
    "dispose_bgnd_transparency.gif",
    "dispose_none.gif",
    "dispose_none_load_end.gif",
    "dispose_prev.gif",
    "dispose_prev_first_frame.gif",
    "first_frame_transparency.gif",
    "missing_background.gif",
    "no_palette_with_transparency.gif",
    "no_palette_with_transparency_after_rgb.gif",
    "test_extents.gif",
    "test_extents_transparency.gif",
    "transparent.gif",
    "transparent_dispose.gif",
]

# GIF file: why it has no Pillow fixture.
GIF_LEFT_OUT = {
    "test_extents_transparency.gif": "a second GIF header follows frame 0; browsers stop at that unknown block (1 frame), Pillow skips bytes until it finds a frame (2)",
}


def expected_rows():
    rows = {}
    for line in open(os.path.join(CORPORA, "EXPECTED.tsv")):
        if line.startswith("#"):
            continue
        fields = line.rstrip("\n").split("\t")
        rows[fields[0]] = fields
    return rows


def clean_folder(relative):
    folder = os.path.join(OUT, relative)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    return folder


def save(image, folder, index):
    image.save(os.path.join(folder, "frame-%04d.png" % index), optimize=True)


def render_apng(relative):
    path = os.path.join(CORPORA, relative)
    with Image.open(path) as image:
        count = getattr(image, "n_frames", 1)
        first = 1 if image.info.get("default_image") else 0
    folder = clean_folder(relative)
    for index in range(first, count):
        with Image.open(path) as image:  # a direct seek: see the docstring
            image.seek(index)
            save(image.convert("RGBA"), folder, index - first)
    return count - first


def gif_frames(path):
    """The logical screen and, per frame, (x, y, width, height, disposal, painted) read from the blocks, where
    painted[y][x] says whether the frame's own pixel is opaque (not its transparent index). The frame alone is
    decoded by Pillow from a one-frame GIF holding its blocks and the global colour table."""
    data = open(path, "rb").read()
    width, height, flags = struct.unpack("<HHB", data[6:11])
    table_end = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    pos = table_end
    frames, control, gce = [], 0, b""
    while pos < len(data):
        block = data[pos]
        if block == 0x21:  # extension: label, then sub-blocks
            start, label, pos, first = pos, data[pos + 1], pos + 2, True
            while data[pos]:
                sub = data[pos + 1:pos + 1 + data[pos]]
                if label == 0xF9 and first and len(sub) >= 4:
                    control = (sub[0] >> 2) & 7
                first, pos = False, pos + 1 + data[pos]
            pos += 1
            if label == 0xF9:
                gce = data[start:pos]
        elif block == 0x2C:  # image descriptor, optional local table, LZW size, sub-blocks
            start = pos
            x, y, w, h, f = struct.unpack("<HHHHB", data[pos + 1:pos + 10])
            pos += 10 + (3 * (2 << (f & 7)) if f & 0x80 else 0) + 1
            while pos < len(data) and data[pos]:
                pos += 1 + data[pos]
            pos += 1
            alone = (b"GIF89a" + struct.pack("<HH", w, h) + data[10:table_end] + gce
                     + b"," + struct.pack("<HHHH", 0, 0, w, h) + data[start + 9:pos] + b";")
            transparent = gce[6] if len(gce) >= 8 and gce[3] & 1 else None
            with Image.open(io.BytesIO(alone)) as frame:
                frame.load()
                if frame.mode not in ("P", "L"):
                    raise SystemExit("%s: Pillow gives a one-frame GIF mode %s, not palette indices" % (path, frame.mode))
                indices = frame.load()
                painted = [[indices[i, j] != transparent for i in range(w)] for j in range(h)]
            frames.append((x, y, w, h, control, painted))
            control, gce = 0, b""
        else:  # the trailer, or unknown data where browsers stop
            break
    return width, height, frames


def browser_frames(relative):
    """Pillow's frames as browsers show them: RGBA images of the logical screen."""
    path = os.path.join(CORPORA, relative)
    width, height, frames = gif_frames(path)
    with Image.open(path) as image:
        if image.n_frames != len(frames):
            raise SystemExit("%s: Pillow reads %d frames, the blocks hold %d" % (relative, image.n_frames, len(frames)))
        # cleared[p]: a browser has nothing at pixel p (never painted, or disposed to background), so Pillow's
        # colour there (the background colour, or transparent) becomes transparent.
        cleared = bytearray([1]) * (width * height)
        result = []
        for index, (fx, fy, fw, fh, disposal, painted) in enumerate(frames):
            image.seek(index)
            frame = image.convert("RGBA").crop((0, 0, width, height))  # Pillow grows the canvas for frames outside it
            before = bytes(cleared)
            for y in range(max(0, fy), min(height, fy + fh)):
                for x in range(max(0, fx), min(width, fx + fw)):
                    if painted[y - fy][x - fx]:
                        cleared[y * width + x] = 0
            pixels = frame.load()
            for p in range(width * height):
                if cleared[p]:
                    pixels[p % width, p // width] = (0, 0, 0, 0)
            result.append(frame)
            if disposal == 2:
                for y in range(max(0, fy), min(height, fy + fh)):
                    for x in range(max(0, fx), min(width, fx + fw)):
                        cleared[y * width + x] = 1
            elif disposal == 3:
                cleared = bytearray(before)
    return result


def main():
    warnings.simplefilter("ignore")
    rows = expected_rows()
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)  # no stale folders for files since left out
    written = 0
    for relative in sorted(rows):
        if not relative.startswith("apng/pillow-apng/") or rows[relative][2] != "valid":
            continue
        if os.path.basename(relative) in APNG_LEFT_OUT:
            continue
        written += render_apng(relative)
    for name in GIF_FILES:
        if name in GIF_LEFT_OUT:
            continue
        relative = "pillow-tests/gif/" + name
        folder = clean_folder(relative)
        for index, frame in enumerate(browser_frames(relative)):
            save(frame, folder, index)
            written += 1
    print("wrote %d frames under %s" % (written, OUT))


if __name__ == "__main__":
    main()
