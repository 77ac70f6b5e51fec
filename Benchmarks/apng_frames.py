"""APNG frames composited as the APNG specification says, for the benchmarks' independent judges.

Pillow composites an APNG in the file's own mode, so a palette APNG whose frames blend OVER with translucent
palette entries comes out wrong: it pastes palette indices through an alpha mask, mixing index numbers instead
of colours (Pillow 13; found by the fit benchmark on explosion-apng, where its frames differed from
`stickerpack frames`, from browsers' rule, on 5 of 111 frames). Here Pillow only decodes each frame's own
image, made into a one-frame PNG (the file's header chunks with the frame's size, its fdAT data as IDAT), as
RGBA; the canvas, the dispose ops and the blend ops are this module's, in straight alpha with numpy, so the
benchmarks do not judge `fit`'s outputs through the project's own decoder.

frames(path) -> [(PIL RGBA image, delay in ms)], or None when the file is not an APNG (no acTL).
"""
import io
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Chunks every frame's one-frame PNG carries from the file: how its pixels are laid out and coloured.
HEADER_CHUNKS = {b"PLTE", b"tRNS", b"gAMA", b"cHRM", b"sRGB", b"iCCP", b"sBIT"}


def chunks(data):
    position = len(SIGNATURE)
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        yield kind, data[position + 8:position + 8 + length]
        position += 12 + length


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def frames(path):
    import numpy as np
    from PIL import Image

    data = open(path, "rb").read()
    if not data.startswith(SIGNATURE):
        return None
    header, extra, controls, pieces = None, [], [], []
    animated = False
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"acTL":
            animated = True
        elif kind in HEADER_CHUNKS:
            extra.append((kind, body))
        elif kind == b"fcTL":
            controls.append(struct.unpack(">IIIIIHHBB", body))
            pieces.append(b"")
        elif kind == b"IDAT" and pieces:
            pieces[-1] += body
        elif kind == b"fdAT" and pieces:
            pieces[-1] += body[4:]
    if not animated or header is None or not controls:
        return None
    width, height = struct.unpack(">II", header[:8])
    canvas = np.zeros((height, width, 4), dtype=np.float64)
    shown = []
    for index, ((_, w, h, x, y, numerator, denominator, dispose, blend), piece) in enumerate(zip(controls, pieces)):
        one = SIGNATURE + chunk(b"IHDR", struct.pack(">II", w, h) + header[8:])
        one += b"".join(chunk(kind, body) for kind, body in extra) + chunk(b"IDAT", piece) + chunk(b"IEND", b"")
        with Image.open(io.BytesIO(one)) as image:
            pixels = np.asarray(image.convert("RGBA"), dtype=np.float64) / 255
        before = canvas[y:y + h, x:x + w].copy()
        if blend == 0:  # SOURCE: the region takes the frame's pixels, alpha and all
            canvas[y:y + h, x:x + w] = pixels
        else:  # OVER, in straight alpha
            alpha = pixels[..., 3:] + before[..., 3:] * (1 - pixels[..., 3:])
            colour = pixels[..., :3] * pixels[..., 3:] + before[..., :3] * before[..., 3:] * (1 - pixels[..., 3:])
            canvas[y:y + h, x:x + w, :3] = np.where(alpha > 0, colour / np.maximum(alpha, 1e-12), 0)
            canvas[y:y + h, x:x + w, 3:] = alpha
        delay = 1000 * numerator / (denominator or 100)
        shown.append((Image.fromarray(np.round(canvas * 255).astype(np.uint8), "RGBA"), delay))
        if dispose == 1 or (dispose == 2 and index == 0):  # BACKGROUND (PREVIOUS on the first frame too)
            canvas[y:y + h, x:x + w] = 0
        elif dispose == 2:  # PREVIOUS
            canvas[y:y + h, x:x + w] = before
    return shown
