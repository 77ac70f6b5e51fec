#!/usr/bin/env python3
"""Fails when a Swift file under Sources/ passes 300 lines, unless Tests/Lint/long-files.txt names it with its
reason (the same list is in docs/architecture.md). A long file usually holds two concepts: split it where they
part. An allowed file that has come back under the bound must leave the list, so the list only shrinks.

Usage: Tests/Lint/file_sizes.py [REPO]
"""
import os
import sys

LIMIT = 300


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else "."
    allowed = {}
    with open(os.path.join(repo, "Tests", "Lint", "long-files.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                path, _, reason = line.partition(" ")
                if not reason.strip():
                    sys.exit("Tests/Lint/long-files.txt: %s gives no reason" % path)
                allowed[path] = reason.strip()
    problems = []
    for folder, _, files in os.walk(os.path.join(repo, "Sources")):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.relpath(os.path.join(folder, name), repo)
            with open(os.path.join(repo, path), encoding="utf-8") as f:
                count = sum(1 for _ in f)
            if count > LIMIT and path not in allowed:
                problems.append("%s: %d lines, over %d: split it where its concepts part" % (path, count, LIMIT))
            elif count <= LIMIT and path in allowed:
                problems.append("%s: %d lines now; remove it from Tests/Lint/long-files.txt" % (path, count))
    for path in allowed:
        if not os.path.exists(os.path.join(repo, path)):
            problems.append("Tests/Lint/long-files.txt names %s, which is gone" % path)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
