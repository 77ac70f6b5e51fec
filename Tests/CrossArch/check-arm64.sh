#!/usr/bin/env bash
# The package must compile on arm64 (Apple Silicon) as well as x86-64. From an x86-64 Debian
# machine this compiles every .c file under Sources/ for aarch64 (cross gcc) and x86-64 (host gcc), then
# builds the drivers in Tests/CrossArch/*_driver.c (each names its C targets on a "// targets:" line) for
# both, runs the aarch64 ones under qemu-aarch64 with signed char (Apple's arm64 ABI) and unsigned char
# (Linux's), and requires their output to equal the x86-64 output. Missing tools come from apt-get.
# Build files: .build/cross-arm64/. Usage: Tests/CrossArch/check-arm64.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=.build/cross-arm64
FLAGS=(-std=gnu11 -O2 -Wall -Werror=implicit-function-declaration -Werror=implicit-int)
say() { echo "check-arm64: $*"; }
die() { echo "check-arm64: error: $*" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || die "run this on x86-64 Linux (it compares aarch64 against the host's x86-64)"
mkdir -p "$OUT"

# 1. Tools: the cross gcc, its glibc (libc.a: the drivers link statically, so qemu needs no sysroot), qemu.
# `make check-arm64` installs them (Debian: gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user).
MISSING=()
command -v gcc > /dev/null || MISSING+=(gcc)
command -v aarch64-linux-gnu-gcc > /dev/null || MISSING+=(aarch64-linux-gnu-gcc)
[ -f /usr/aarch64-linux-gnu/lib/libc.a ] || MISSING+=("glibc for aarch64 (headers, libc.a)")
command -v qemu-aarch64 > /dev/null || MISSING+=(qemu-aarch64)
[ ${#MISSING[@]} -eq 0 ] || die "missing: ${MISSING[*]}; run make check-arm64, which installs them with apt-get"
say "tools: $(aarch64-linux-gnu-gcc -dumpfullversion) aarch64-linux-gnu-gcc, $(qemu-aarch64 --version | sed -n 1p)"

# 2. Headers of the libraries the codec shims include (libpng, libjpeg, zlib), the real arm64 ones: plain
# `apt-get download libpng-dev:arm64` needs `dpkg --add-architecture arm64`, which changes the machine. So apt
# runs on private state instead: APT::Architectures=arm64, its own lists, cache and empty dpkg status, and the
# Debian sources copied from /etc/apt; dpkg-deb -x unpacks the packages. Fetched once, then reused. (Debian's
# cross gcc also searches /usr/include, whose multiarch headers suit any architecture, such as png.h; but not
# /usr/include/x86_64-linux-gnu, such as jconfig.h.) Where the fetch fails (no Debian sources or registry),
# a file missing a header the host has gets -fsyntax-only with the host's headers (see cross_compile).
HEADER_PACKAGES=(libpng-dev libjpeg62-turbo-dev zlib1g-dev)
ARM_ROOT=$OUT/arm64-headers
fetch_arm64_headers() {
    local apt=$PWD/$OUT/apt-arm64 f
    rm -rf "$apt" "$ARM_ROOT"
    mkdir -p "$apt/lists/partial" "$apt/cache" "$apt/sources" "$apt/debs" "$ARM_ROOT"
    if [ -f /etc/apt/sources.list ]; then cp /etc/apt/sources.list "$apt/sources/main.list"; fi
    for f in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        if [ -f "$f" ] && grep -qi debian "$f"; then cp "$f" "$apt/sources/"; fi
    done
    : > "$apt/status"
    local opts=(-o APT::Architecture=arm64 -o APT::Architectures=arm64 -o Dir::Etc::SourceList=/dev/null
        -o "Dir::Etc::SourceParts=$apt/sources" -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
        -o "Dir::State::status=$apt/status" -o Acquire::Languages=none -o Debug::NoLocking=1
        -o "APT::Sandbox::User=$(id -un)")
    apt-get "${opts[@]}" update -qq && (cd "$apt/debs" && apt-get "${opts[@]}" -qq download "${HEADER_PACKAGES[@]}") || return 1
    for f in "$apt"/debs/*.deb; do dpkg-deb -x "$f" "$ARM_ROOT"; done
    rm -rf "$apt"  # the package lists are large, and only the headers are needed
    touch "$ARM_ROOT/.complete"
}
ARM_INC=()
if [ -f "$ARM_ROOT/.complete" ] || fetch_arm64_headers > "$OUT/apt-arm64.log" 2>&1; then
    ARM_INC=(-isystem "$ARM_ROOT/usr/include" -isystem "$ARM_ROOT/usr/include/aarch64-linux-gnu")
    say "arm64 headers of ${HEADER_PACKAGES[*]}: in $ARM_ROOT"
else
    say "arm64 headers of ${HEADER_PACKAGES[*]}: not fetched (log: $OUT/apt-arm64.log); the host's, syntax only"
fi
HOST_MULTIARCH=$(gcc -print-multiarch)

# aarch64 object of $1 into $2 (messages in $3). Without the arm64 headers, a header missing for aarch64 that
# the host has (png.h; never immintrin.h, which is gcc's own) gets the host's copy and a syntax-only check.
SYNTAX_ONLY=0
cross_compile() {
    aarch64-linux-gnu-gcc "${FLAGS[@]}" -fsigned-char "${inc[@]}" "${ARM_INC[@]}" -c "$1" -o "$2" 2> "$3" && return 0
    local missing
    missing=$(sed -n 's/.*fatal error: \(.*\): No such file or directory/\1/p' "$3" | head -1)
    [ ${#ARM_INC[@]} = 0 ] && [ -n "$missing" ] || return 1
    [ -f "/usr/include/$missing" ] || [ -f "/usr/include/$HOST_MULTIARCH/$missing" ] || return 1
    aarch64-linux-gnu-gcc "${FLAGS[@]}" -fsigned-char "${inc[@]}" -fsyntax-only \
        -idirafter /usr/include -idirafter "/usr/include/$HOST_MULTIARCH" "$1" 2> "$3" || return 1
    SYNTAX_ONLY=$((SYNTAX_ONLY + 1))
    echo "(syntax only, with the host's $missing)" >> "$3"
}

# 3. Every C file, found (not listed) so a new one is covered, for both architectures. Warnings are shown.
rm -rf "$OUT/obj" "$OUT/logs"
mkdir -p "$OUT/obj/aarch64" "$OUT/obj/x86_64" "$OUT/logs"
mapfile -t FILES < <(find Sources -name '*.c' | sort)
[ ${#FILES[@]} -gt 0 ] || die "no C files under Sources/"
BROKEN=0
for file in "${FILES[@]}"; do
    target=${file#Sources/}; target=${target%%/*}
    inc=(); if [ -d "Sources/$target/include" ]; then inc=(-I "Sources/$target/include"); fi
    name=$(echo "${file#Sources/}" | tr / _)
    status=
    for arch in aarch64 x86_64; do
        log=$OUT/logs/$name.$arch.log
        if [ $arch = aarch64 ]; then cross_compile "$file" "$OUT/obj/$arch/$name.o" "$log" && ok=1 || ok=0
        else gcc "${FLAGS[@]}" -fsigned-char "${inc[@]}" -c "$file" -o "$OUT/obj/$arch/$name.o" 2> "$log" && ok=1 || ok=0; fi
        [ $ok = 1 ] && status+=" $arch ok" || { status+=" $arch FAILED"; BROKEN=$((BROKEN + 1)); }
    done
    say "compile $file:$status"
    cat "$OUT/logs/$name".*.log | sed 's/^/    /'
done
[ $BROKEN = 0 ] || die "$BROKEN compilations failed (messages above)"

# 4. The drivers: x86-64 (host gcc), aarch64 static with signed and with unsigned char, outputs compared.
DRIVERS=0
COVERED=" "
for driver in Tests/CrossArch/*_driver.c; do
    name=$(basename "$driver" .c)
    targets=$(sed -n 's|^// targets: ||p' "$driver" | head -1)
    [ -n "$targets" ] || die "$driver has no '// targets: ...' line"
    inc=(); sources=()
    for t in $targets; do
        inc+=(-I "Sources/$t/include")
        sources+=("Sources/$t"/*.c)
        COVERED+="$t "
    done
    mkdir -p "$OUT/x86_64" "$OUT/aarch64-signed" "$OUT/aarch64-unsigned"
    log=$OUT/logs/$name.build.log
    { gcc "${FLAGS[@]}" -fsigned-char "${inc[@]}" "$driver" "${sources[@]}" -lm -o "$OUT/x86_64/$name" &&
        aarch64-linux-gnu-gcc "${FLAGS[@]}" -fsigned-char -static "${inc[@]}" "$driver" "${sources[@]}" -lm -o "$OUT/aarch64-signed/$name" &&
        aarch64-linux-gnu-gcc "${FLAGS[@]}" -static "${inc[@]}" "$driver" "${sources[@]}" -lm -o "$OUT/aarch64-unsigned/$name"
    } > "$log" 2>&1 || { cat "$log"; die "$name did not build"; }
    # Every run first, then the diffs: a check that fails on one architecture only shows as its line.
    failed=
    for build in x86_64 aarch64-signed aarch64-unsigned; do
        runner=(); if [ $build != x86_64 ]; then runner=(qemu-aarch64); fi
        "${runner[@]}" "$OUT/$build/$name" > "$OUT/$name.$build.txt" 2>&1 || failed+=" $build (exit $?)"
    done
    for build in aarch64-signed aarch64-unsigned; do
        diff -u --label "x86-64" --label "$build" "$OUT/$name.x86_64.txt" "$OUT/$name.$build.txt" ||
            failed+=" $build differs from x86-64 (diff above)"
    done
    if [ -n "$failed" ]; then
        grep -i -E 'wrong|disagree' "$OUT/$name".*.txt | head -20 || true
        die "$name failed:$failed (outputs: $OUT/$name.*.txt)"
    fi
    say "driver $name ($targets): $(wc -l < "$OUT/$name.x86_64.txt") lines equal on x86-64 and aarch64 (signed and unsigned char)"
    DRIVERS=$((DRIVERS + 1))
done

# Targets no driver runs (CCodecs needs libpng and libjpeg to link): compiled above, not run.
for file in "${FILES[@]}"; do target=${file#Sources/}; echo "${target%%/*}"; done | sort -u | while read -r target; do
    case "$COVERED" in *" $target "*) ;; *) say "no driver for $target: compiled only" ;; esac
done
NOTE=; if [ $SYNTAX_ONLY -gt 0 ]; then NOTE=" ($SYNTAX_ONLY syntax only for aarch64, with the host's headers)"; fi
say "${#FILES[@]} C files compiled for aarch64 and x86-64$NOTE; $DRIVERS drivers equal under qemu-aarch64"
