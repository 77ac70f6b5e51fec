#!/usr/bin/env python3
"""The SHA-256 of everything stickerpack writes for the sample packs: lint's JSON report of each pack, the
catalog and manifest `build` writes, the files of `variants`, `fit`'s outputs for SamplePacks/OverLimit and
its `--dry-run --format json` report (every "seconds" field set to 0 first: the only thing in it that moves from
run to run), the same two for the fit benchmark's over-limit set when it is given, and the `--help` of every
command (the top level and each subcommand that `--experimental-dump-help` lists, nested ones too, wrapped at
100 columns). A change that should change nothing a user sees, a refactor, is checked by running this with the
binary before and after and diffing the two listings.

Usage: Tests/Golden/output_hashes.py PATH/TO/stickerpack [--fit-set DIR] > hashes.txt
  e.g. diff <(Tests/Golden/output_hashes.py old/stickerpack) <(Tests/Golden/output_hashes.py new/stickerpack)
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SAMPLES = os.path.join(ROOT, "SamplePacks")
HELP_ENV = dict(os.environ, COLUMNS="100")  # help wraps to the terminal's width: fix it


def run(binary, arguments, ok=(0, 1), cwd=ROOT, env=None):
    done = subprocess.run([binary, *arguments], capture_output=True, cwd=cwd, env=env)
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


def without_seconds(value):
    """`value` (parsed JSON) with every "seconds" field, at any depth, set to 0."""
    if isinstance(value, dict):
        return {key: 0 if key == "seconds" else without_seconds(item) for key, item in value.items()}
    if isinstance(value, list):
        return [without_seconds(item) for item in value]
    return value


def fit_report(binary, folder, cwd=ROOT):
    """fit's dry-run JSON report of `folder` (a path relative to `cwd`), its times masked, as bytes."""
    report = run(binary, ["fit", folder, "--dry-run", "--format", "json", "--quiet"], cwd=cwd)
    return json.dumps(without_seconds(json.loads(report))).encode()


def command_paths(binary):
    """[] for the top level, then [SUB], [SUB, NESTED], ... for every subcommand the binary lists."""
    def walk(command, path):
        paths = [path]
        for sub in command.get("subcommands", []):
            paths += walk(sub, path + [sub["commandName"]])
        return paths
    return walk(json.loads(run(binary, ["--experimental-dump-help"], ok=(0,)))["command"], [])


def help_texts(binary):
    """One line per command's `--help`, help/stickerpack.txt for the top level and help/SUB[/NESTED].txt."""
    lines = []
    for path in command_paths(binary):
        text = run(binary, [*path, "--help"], ok=(0,), env=HELP_ENV)
        lines.append("%s  help/%s.txt" % (digest(text), "/".join(path) or "stickerpack"))
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
    lines.append("%s  fit/OverLimit.json" % digest(fit_report(binary, "SamplePacks/OverLimit")))
    if args.fit_set:
        # Run beside the set, by its folder's name: the report's paths do not depend on where the set is.
        fit_set = os.path.abspath(args.fit_set)
        name = os.path.basename(fit_set)
        lines.append("%s  fit/%s.json" % (digest(fit_report(binary, name, cwd=os.path.dirname(fit_set))), name))
    lines += help_texts(binary)
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
