#!/usr/bin/env bash
# Builds the libFuzzer binary with AddressSanitizer and runs each target for FUZZ_SECONDS (default 60).
# Seeds come from Tests/Corpora (by the format EXPECTED.tsv gives) and the sample packs; the growing
# corpus lives in .build-fuzz/corpus. A crash, leak, timeout or out-of-memory input is kept in
# Tests/Fixtures/fuzz-regressions/TARGET/ (replayed by `make test`) and the script exits 1.
# Usage: Tests/Fuzz/fuzz.sh [TARGET...]   (targets: png apng gif jpeg catalog)
set -uo pipefail
cd "$(dirname "$0")/../.."

SECONDS_EACH=${FUZZ_SECONDS:-60}
SCRATCH=.build-fuzz
CORPORA=${CORPORA:-Tests/Corpora}
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(png apng gif jpeg catalog)

# lld: gold fails on the fuzzer runtime's debug information. The C shim also gets UndefinedBehaviorSanitizer,
# fatal, so undefined behaviour there is a finding too.
mkdir -p "$SCRATCH/logs"
if ! swift build --product stickerpack-fuzz --scratch-path "$SCRATCH" -Xswiftc -O -Xcc -O2 \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    -Xcc -fsanitize=fuzzer-no-link,address,undefined -Xcc -fno-sanitize-recover=undefined > "$SCRATCH/logs/build.log" 2>&1; then
    grep -v "^\[" "$SCRATCH/logs/build.log" | tail -30
    echo "error: the fuzzer did not build (log: $SCRATCH/logs/build.log)" >&2
    exit 2
fi
FUZZER="$SCRATCH/debug/stickerpack-fuzz"

# Seeds: corpus files of the target's format up to 256 KiB (the fuzzer trims them to -max_len anyway).
seed() {
    local target=$1 dir="$SCRATCH/seeds/$1"
    rm -rf "$dir"; mkdir -p "$dir"
    if [ "$target" = catalog ]; then
        find SamplePacks -name Contents.json | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr '/ ' '__')"; done
        printf '{"info":{"author":"xcode","version":1},"properties":{"grid-size":"regular"},"stickers":[{"filename":"a.sticker"},{"filename":"b.stickersequence"}]}' > "$dir/pack.json"
        printf '{"info":{"author":"xcode","version":1},"properties":{"filename":"a.png","accessibility-label":"A"},"frames":[{"filename":"1.png"}]}' > "$dir/sticker.json"
    elif [ -f "$CORPORA/EXPECTED.tsv" ]; then
        awk -F'\t' -v f="$target" '$2 == f { print $1 }' "$CORPORA/EXPECTED.tsv" | while read -r f; do
            [ -f "$CORPORA/$f" ] && [ "$(stat -c %s "$CORPORA/$f")" -le 262144 ] && cp "$CORPORA/$f" "$dir/$(echo "$f" | tr '/ ' '__')"
        done
    fi
    find SamplePacks -type f \( -iname '*.png' -o -iname '*.gif' -o -iname '*.jpg' \) -size -256k | while read -r f; do
        case "$target" in
            png|apng) [[ $f == *.png ]] && cp "$f" "$dir/$(echo "$f" | tr '/ ' '__')" ;;
            gif) [[ $f == *.gif ]] && cp "$f" "$dir/$(echo "$f" | tr '/ ' '__')" ;;
            jpeg) [[ $f == *.jpg ]] && cp "$f" "$dir/$(echo "$f" | tr '/ ' '__')" ;;
        esac
    done
}

failed=0
for target in "${TARGETS[@]}"; do
    case "$target" in png|apng) dict=png ;; *) dict=$target ;; esac
    case "$target" in catalog) max_len=16384 ;; *) max_len=65536 ;; esac
    seed "$target"
    corpus="$SCRATCH/corpus/$target"; regressions="Tests/Fixtures/fuzz-regressions/$target"
    mkdir -p "$corpus" "$regressions"
    log="$SCRATCH/logs/$target.log"
    echo "== fuzz $target for ${SECONDS_EACH}s ($(ls "$SCRATCH/seeds/$target" | wc -l) seeds, corpus $(ls "$corpus" | wc -l))"
    nice -n 10 "$FUZZER" "$target" "$corpus" "$SCRATCH/seeds/$target" "$regressions" \
        -max_total_time="$SECONDS_EACH" -max_len=$max_len -rss_limit_mb=2048 -timeout=10 \
        -dict="Tests/Fuzz/dictionaries/$dict.dict" -artifact_prefix="$regressions/" -print_final_stats=1 > "$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    echo "   exit $status, ${runs:-?} executions, $(grep -c '^#.*NEW' "$log") new coverage inputs; log $log"
    if [ $status -ne 0 ]; then
        failed=1
        grep -m1 -E "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|SUMMARY" "$log" | sed 's/^/   /'
        echo "   the input is kept in $regressions/: fix the cause, keep the file, commit both"
    fi
done
exit $failed
