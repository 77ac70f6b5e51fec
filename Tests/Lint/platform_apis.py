#!/usr/bin/env python3
"""Fails when code that runs on a Mac reaches for something only Linux or x86 has, outside its guard.

Swift under Sources/ and Tests/: Linux-only fields, tools and calls (they do not compile on macOS, or the tool
is not there) outside `#if os(Linux)` / `#if canImport(Glibc)`; test files whose suite carries `.linuxTools`
are skipped on macOS and may use them. In Sources, `.formatted(` too: it follows the user's locale (a German
Mac prints 500.000), where messages must read the same everywhere.
C under Sources/: x86 headers and intrinsics outside `#if defined(__x86_64__)` (they do not compile for arm64).
Usage: Tests/Lint/platform_apis.py [REPO]
"""
import os
import re
import sys

SWIFT_LINUX_ONLY = [
    (r"\bst_[amc]tim\b", "stat's st_mtim/st_atim/st_ctim are Linux's (Darwin: st_mtimespec)"),
    (r"dlsym\(\s*nil\b", "a null handle is RTLD_DEFAULT on Linux only (Darwin: -2)"),
    (r"/usr/bin/(timeout|prlimit|setpriv)\b", "a util-linux/coreutils tool macOS does not have"),
    (r"/etc/hostname|/proc/", "a file macOS does not have"),
    (r"\bimport Glibc\b|\bO_TMPFILE\b|\bepoll_|\binotify_|\bsched_getaffinity\b|\bmemfd_create\b|\brenameat2\b",
     "a Linux-only API"),
]
SWIFT_SOURCES_ONLY = [(r"\.formatted\(", "follows the user's locale; use `.grouped` (StickerSupport)")]
C_X86_ONLY = [
    (r"#\s*include\s*<(immintrin|x86intrin|emmintrin|smmintrin|tmmintrin|nmmintrin|cpuid)\.h>", "an x86 header"),
    (r"\b_mm(256|512)?_\w+\(|__builtin_cpu_supports|__builtin_cpu_init", "an x86 intrinsic"),
]


def scan(path, text, patterns, guard):
    """Lines matching `patterns` outside an #if branch whose condition matches `guard`."""
    found = []
    stack = []  # per open #if: whether the current branch is guarded
    for number, line in enumerate(text.splitlines(), 1):
        directive = re.match(r"\s*#\s*(if|ifdef|ifndef|elseif|elif|else|endif)\b(.*)", line)
        if directive:
            word, condition = directive.groups()
            if word in ("if", "ifdef", "ifndef"):
                stack.append(word != "ifndef" and re.search(guard, condition) is not None)
            elif word in ("elseif", "elif") and stack:
                stack[-1] = re.search(guard, condition) is not None
            elif word == "else" and stack:
                stack[-1] = False
            elif word == "endif" and stack:
                stack.pop()
            continue
        if any(stack) or re.match(r"\s*//", line):
            continue
        for pattern, why in patterns:
            if re.search(pattern, line):
                found.append("%s:%d: %s: %s" % (path, number, why, line.strip()))
    return found


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else "."
    problems = []
    for top in ("Sources", "Tests"):
        for folder, _, files in os.walk(os.path.join(repo, top)):
            for name in sorted(files):
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, repo)
                if name.endswith(".swift"):
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                    if re.search(r"@Suite\([^)]*\.linuxTools", text):
                        continue
                    patterns = SWIFT_LINUX_ONLY + (SWIFT_SOURCES_ONLY if top == "Sources" else [])
                    problems += scan(relative, text, patterns, r"os\(Linux\)|canImport\(Glibc\)")
                elif top == "Sources" and name.endswith((".c", ".h")):
                    with open(path, encoding="utf-8") as f:
                        problems += scan(relative, f.read(), C_X86_ONLY, r"__x86_64__|__i386__")
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print("platform scan: guard these with #if os(Linux) (Swift) or #if defined(__x86_64__) (C), or use a "
              "portable way (Sources/StickerSupport/Platform.swift, Tests/StickerpackTests/PlatformTraits.swift)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
