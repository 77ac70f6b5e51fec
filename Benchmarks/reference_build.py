#!/usr/bin/env python3
"""A release build of stickerpack at a commit of this repository, for benchmarks that set a change beside an earlier
commit: the commit's tree is exported with `git archive` into .build/reference/COMMIT/ (no checkout, so the work tree
is untouched) and built there with its own `make release`. A build already there is reused. Prints the binary's path.

Usage: reference_build.py COMMIT
       reference_build.py --from Benchmarks/fit-reference.txt   (the first commit named in that file)
"""
import argparse
import os
import shutil
import subprocess
import sys

from benchutil import ROOT

REFERENCES = os.path.join(ROOT, ".build", "reference")


def named_commit(path):
    """The first word of the first line of `path` that is neither blank nor a comment."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.lstrip().startswith("#"):
                return line.split()[0]
    sys.exit(f"error: {path} names no commit")


def build(commit):
    full = subprocess.run(["git", "-C", ROOT, "rev-parse", "--verify", "--quiet", commit + "^{commit}"],
                          capture_output=True, text=True)
    if full.returncode != 0:
        sys.exit(f"error: {commit} is not a commit of this repository (a shallow clone may lack it: git fetch "
                 "--unshallow)")
    sha = full.stdout.strip()
    tree = os.path.join(REFERENCES, sha[:12])
    binary = os.path.join(tree, ".build", "release", "stickerpack")
    if os.access(binary, os.X_OK):
        return binary
    partial = tree + ".part"  # renamed only once built, so an interrupted build is made again
    shutil.rmtree(partial, ignore_errors=True)
    os.makedirs(partial)
    archive = subprocess.Popen(["git", "-C", ROOT, "archive", sha], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", partial], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        sys.exit(f"error: git archive {sha} failed")
    print(f"building stickerpack at {sha[:12]} in {tree}", file=sys.stderr, flush=True)
    done = subprocess.run(["make", "-C", partial, "release"], stdout=sys.stderr)
    if done.returncode != 0:
        sys.exit(f"error: the build of {sha[:12]} failed (see above)")
    shutil.rmtree(tree, ignore_errors=True)
    os.replace(partial, tree)
    return binary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commit", nargs="?")
    parser.add_argument("--from", dest="source", help="a file whose first line names the commit")
    args = parser.parse_args()
    if bool(args.commit) == bool(args.source):
        parser.error("give a COMMIT or --from FILE")
    print(build(args.commit or named_commit(args.source)))


if __name__ == "__main__":
    main()
