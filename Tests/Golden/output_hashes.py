#!/usr/bin/env python3
"""The SHA-256 of everything stickerpack writes for the sample packs: lint's JSON report of each pack, the
catalog and manifest `build` writes, the files of `variants`, and `fit`'s outputs for SamplePacks/OverLimit
(and the fit benchmark's over-limit set, when it is there). A change that should change nothing a user sees, a
refactor, is checked by running this with the binary before and after and diffing the two listings.

Usage: Tests/Golden/output_hashes.py PATH/TO/stickerpack [--fit-set DIR] > hashes.txt
  e.g. diff <(Tests/Golden/output_hashes.py old/stickerpack) <(Tests/Golden/output_hashes.py new/stickerpack)
"""
import argparse
import hashlib
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SAMPLES = os.path.join(ROOT, "SamplePacks")


def run(binary, arguments, ok=(0, 1), cwd=ROOT):
    done = subprocess.run([binary, *arguments], capture_output=True, cwd=cwd)
    if done.returncode not in ok:
        sys.exit("error: stickerpack %s ended with %d:\n%s" % (" ".join(arguments), done.returncode,
                                                            done.stderr.decode(errors="replace")))
    return done.stdout


def digest(data):
    return hashlib.sha256(data).hexdigest()


def tree(folder, label):
    """One line per file under `folder`, by its path relative to it."""
    lines = []
    for parent, _, files in sorted(os.walk(folder)):
        for name in sorted(files):
            path = os.path.join(parent, name)
            with open(path, "rb") as f:
                lines.append("%s  %s/%s" % (digest(f.read()), label, os.path.relpath(path, folder)))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--fit-set", help="a folder of over-limit stickers to fit too (the fit benchmark's set)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    lines = []
    packs = ["Clean", "Problems", "Problems.xcstickers", "OverLimit"]
    for pack in packs:
        # Relative paths, run from the repository: the report does not depend on where the clone is.
        report = run(binary, ["lint", os.path.join("SamplePacks", pack), "--format", "json", "--quiet"])
        lines.append("%s  lint/%s.json" % (digest(report), pack))
    with tempfile.TemporaryDirectory(prefix="output-hashes-") as scratch:
        out = os.path.join(scratch, "out")
        run(binary, ["build", "SamplePacks/Clean", "-o", os.path.join(out, "build", "Stickers.xcstickers"),
                     "--icon", "SamplePacks/Clean/star.png", "--manifest", os.path.join(out, "build", "m.json"),
                     "--quiet"], ok=(0,))
        run(binary, ["variants", "SamplePacks/Clean", "SamplePacks/OverLimit", "-o", os.path.join(out, "variants"),
                     "--quiet"], ok=(0,))
        run(binary, ["fit", "SamplePacks/OverLimit", "-o", os.path.join(out, "fit"), "--quiet"])
        if args.fit_set:
            run(binary, ["fit", os.path.abspath(args.fit_set), "-o", os.path.join(out, "fit-set"), "--quiet"])
        lines += tree(out, "out")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
