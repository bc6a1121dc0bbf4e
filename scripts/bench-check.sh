#!/usr/bin/env bash
# Whole-command throughput and memory of `sudoku-lsp check`, as docs/benchmarks.md quotes it.
#
#   bash scripts/bench-check.sh [DATA_DIR]
#
# For each public set in DATA_DIR (default ../shared/data): wall time of
# `check --jobs 1 --format json`, puzzles per second, and peak memory; then the same for a
# 2-million-line collection (the 17-clue set repeated 41 times, written to a temporary file)
# with --jobs 1 and --jobs 2. Each run is repeated RUNS times (default 3) and the best is kept;
# times are wall-clock milliseconds around the process, memory is /usr/bin/time's peak RSS.
# Set PEER to a program that takes a set file and prints one line per puzzle (count and
# solution) to time it the same way beside ours, with the ratio ours/peer in throughput.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
data="${1:-$here/../shared/data}"
runs="${RUNS:-3}"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin="$here/target/release/sudoku-lsp"

# best_of CMD... : prints "seconds peak_kb" of the fastest of $runs runs.
best_of() {
    local best="" mem="" t out
    out="$(mktemp)"
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(date +%s%N)
        /usr/bin/time -o "$out" -f "%M" "$@" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        t="$(awk "BEGIN{print ($t1 - $t0) / 1e9}") $(tail -1 "$out")"
        if [ -z "$best" ] || awk "BEGIN{exit !(${t% *} < $best)}"; then
            best="${t% *}"
            mem="${t#* }"
        fi
    done
    rm -f "$out"
    echo "$best $mem"
}

count() { grep -cvE '^\s*(#|$)' "$1"; }

printf '%-22s %9s %10s %12s %9s' set puzzles seconds puzzles/s peak_MB
[ -n "${PEER:-}" ] && printf ' %10s %12s %7s' peer_s peer/s ratio
echo
for set in 17-clue top1465 forum-hardest-11plus forum-hardest-1106 serg-benchmark; do
    file="$data/$set.txt"
    [ -f "$file" ] || continue
    n=$(count "$file")
    read -r secs kb < <(best_of "$bin" check --jobs 1 --format json "$file")
    printf '%-22s %9d %10.4f %12.0f %9.1f' "$set" "$n" "$secs" "$(awk "BEGIN{print $n / $secs}")" \
        "$(awk "BEGIN{print $kb / 1024}")"
    if [ -n "${PEER:-}" ]; then
        read -r psecs _ < <(best_of "$PEER" "$file")
        printf ' %10.4f %12.0f %7.2f' "$psecs" "$(awk "BEGIN{print $n / $psecs}")" \
            "$(awk "BEGIN{print $psecs / $secs}")"
    fi
    echo
done

big="$(mktemp --suffix=.sudoku)"
trap 'rm -f "$big"' EXIT
for _ in $(seq 41); do grep -vE '^\s*(#|$)' "$data/17-clue.txt"; done >"$big"
n=$(wc -l <"$big")
echo
echo "collection of $n puzzles ($(du -m "$big" | cut -f1) MB):"
for jobs in 1 2; do
    read -r secs kb < <(best_of "$bin" check --jobs "$jobs" --format json "$big")
    printf '  --jobs %d  %7.2f s  %9.0f puzzles/s  peak %6.1f MB\n' "$jobs" "$secs" \
        "$(awk "BEGIN{print $n / $secs}")" "$(awk "BEGIN{print $kb / 1024}")"
done
