#!/usr/bin/env python3
"""Fails when the rule docs drift from the rules: docs/rules.md must be exactly what
`stickerpack rules --format markdown` prints, and every rule docs/sticker-rules.md names in its "lint rule"
column must exist.

Usage: Tests/Lint/rule_docs.py PATH/TO/stickerpack [REPO]
"""
import difflib
import os
import re
import subprocess
import sys


def main():
    binary = sys.argv[1]
    repo = sys.argv[2] if len(sys.argv) > 2 else "."
    generated = subprocess.run([binary, "rules", "--format", "markdown"], capture_output=True, text=True,
                               check=True).stdout
    problems = []
    path = os.path.join(repo, "docs", "rules.md")
    try:
        with open(path, encoding="utf-8") as f:
            current = f.read()
    except FileNotFoundError:
        current = ""
    if current != generated:
        diff = difflib.unified_diff(current.splitlines(), generated.splitlines(), "docs/rules.md",
                                    "stickerpack rules --format markdown", lineterm="", n=1)
        problems.append("docs/rules.md is stale:\n" + "\n".join(diff))
        problems.append("regenerate it: stickerpack rules --format markdown > docs/rules.md")
    # Rule identifiers (the table's first column) and group names (its third).
    known = set(re.findall(r"^\| `([a-z0-9-]+)` \|", generated, re.M))
    known |= set(re.findall(r"^\| `[a-z0-9-]+` \| \w+ \| `([a-z0-9-]+)` \|", generated, re.M))
    with open(os.path.join(repo, "docs", "sticker-rules.md"), encoding="utf-8") as f:
        column = None
        for number, line in enumerate(f, 1):
            cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
            if "lint rule" in cells:
                column = cells.index("lint rule")
                continue
            if not cells:
                column = None
            if column is None or column >= len(cells):
                continue
            for name in re.findall(r"`([a-z0-9*-]+)`", cells[column]):
                if name.endswith("-*") and name[:-2] in known or name in known:
                    continue
                problems.append("docs/sticker-rules.md:%d names the rule %s, which does not exist" % (number, name))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
