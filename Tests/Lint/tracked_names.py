#!/usr/bin/env python3
"""Fails when two tracked paths would be one on a Mac's default disk, or a path is not valid UTF-8.

APFS and HFS+ ignore case and Unicode normalisation by default, so `Cat.sticker` beside `cat.sticker` (or an
`é` composed beside one decomposed) cannot both be checked out there: a clone on a Mac silently loses one.
Usage: Tests/Lint/tracked_names.py [REPO]   (lists the files with `git ls-files`)
"""
import subprocess
import sys
import unicodedata


def folded(path):
    return unicodedata.normalize("NFC", path).casefold()


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else "."
    listed = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True, check=True).stdout
    problems = []
    paths = []
    for raw in listed.split(b"\0"):
        if not raw:
            continue
        try:
            paths.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            problems.append("%r: not valid UTF-8 (a Mac's disk refuses such a name)" % raw)
    # Every folder a path passes through is a name too: `Sub/a` and `sub/b` collide at `Sub`.
    names = set()
    for path in paths:
        parts = path.split("/")
        names.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    seen = {}
    for name in sorted(names):
        key = folded(name)
        if key in seen and seen[key] != name:
            problems.append("%s and %s are one path on a case-insensitive disk (a Mac's default)" % (seen[key], name))
        seen.setdefault(key, name)
    for line in problems:
        print("tracked names: " + line, file=sys.stderr)
    if problems:
        print("tracked names: rename one of each pair; a clone on a Mac could not hold both", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
