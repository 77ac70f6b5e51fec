#!/usr/bin/env python3
"""Renders the frames of the APNG conformance suite (../shared/corpora/apng/pillow-apng) with Pillow, as
reference fixtures for Tests/StickerImageTests/ReferenceFrameTests.swift.

Needs Pillow (pip install pillow). Writes reference-frames/<file>/frame-NNNN.png (RGBA), one per animation
frame; Pillow's extra frame 0 for a default image that is not part of the animation is skipped.

Left out, because Pillow 13 composites them against the APNG spec (each is checked pixel by pixel against
the spec in the Swift test instead): see PILLOW_DEVIATES.
"""
import os
import sys
import warnings

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "corpora", "apng", "pillow-apng"))

# file: why Pillow's rendering is not a reference
PILLOW_DEVIATES = {
    "blend_op_over_near_transparent.png": "an alpha-2 pixel OVER an opaque one must stay opaque; Pillow lowers alpha each frame",
    "dispose_op_previous.png": "after dispose_op PREVIOUS the canvas returns to frame 0's green; Pillow keeps frame 1's red",
    "dispose_op_previous_region.png": "as dispose_op_previous.png, for a region",
    "mode_16bit.png": "half-transparent blue OVER opaque black is opaque (0,0,128); Pillow gives alpha 191",
    "mode_grayscale_alpha.png": "half-transparent grey OVER opaque black is opaque; Pillow gives a translucent result",
    "mode_palette_1bit_alpha.png": "half-transparent blue OVER opaque black is opaque (0,0,128); Pillow does not blend",
    "syntax_num_frames_low.png": "more frames than acTL declares: shown as the still image (a warning); Pillow plays one frame",
}


def valid_files():
    expected = os.path.join(SUITE, "..", "..", "EXPECTED.tsv")
    names = []
    for line in open(expected):
        fields = line.rstrip("\n").split("\t")
        if fields[0].startswith("apng/pillow-apng/") and fields[2] == "valid":
            names.append(os.path.basename(fields[0]))
    return sorted(names)


def main():
    warnings.simplefilter("ignore")
    out_root = os.path.join(HERE, "reference-frames", "apng", "pillow-apng")
    for name in valid_files():
        if name in PILLOW_DEVIATES:
            continue
        image = Image.open(os.path.join(SUITE, name))
        first = 1 if image.info.get("default_image") else 0
        folder = os.path.join(out_root, name)
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))
        for index in range(first, getattr(image, "n_frames", 1)):
            image.seek(index)
            image.convert("RGBA").save(os.path.join(folder, "frame-%04d.png" % (index - first)), optimize=True)
    print("wrote", out_root)


if __name__ == "__main__":
    main()
