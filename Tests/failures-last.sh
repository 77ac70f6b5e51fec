#!/usr/bin/env bash
# Runs a test command (its arguments) and, when it fails, repeats the failing tests' lines at the end: a CI log
# that keeps only its tail, or a terminal after 600 lines of passes, still shows which test failed and why.
#
# The tests' temporary folders go in one folder of this run's (TMPDIR), removed at the end, so a run leaves nothing
# in /tmp. Sticky and writable by all, as /tmp is: some commands run as nobody.
set -uo pipefail
log="$(mktemp)"
run_tmp="$(mktemp -d "${TMPDIR:-/tmp}/stickerpack-tests.XXXXXX")"
trap 'rm -f "$log"; rm -rf "$run_tmp"' EXIT
chmod 1777 "$run_tmp"
TMPDIR="$run_tmp" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "== the failures again (exit status $status) =="
    # swift-testing marks a failed test or recorded issue with ✘; a crash or sanitizer report names itself.
    grep -aE -A4 '✘|Fatal error|ERROR: (Address|Thread|Leak)Sanitizer|runtime error:|error: Exited with' "$log" |
        grep -av 'passed after' | tail -n 120
fi
exit "$status"
