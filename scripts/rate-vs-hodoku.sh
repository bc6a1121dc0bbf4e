#!/usr/bin/env bash
# Rating throughput of `sudoku-lsp check --rate --jobs 1` against HoDoKu in the same run.
#
#   bash scripts/rate-vs-hodoku.sh [DATA_DIR]     (default ../shared/data, beside the clone)
#
# For each set (17-clue, top1465, forum-hardest-11plus) it times our rating on a sample (CPU
# time, one thread) and hodoku-py's (installed in a venv under target/, used as a black box by
# scripts/hodoku_rate.py) on a smaller one, since the Python port is slow. HoDoKu's Java batch
# solve on this kind of machine rates about 1,200, 7 and 1.8 puzzles/s on these sets
# (DEVELOPERS.md) and hodoku-py was measured 60x slower on 17-clue; the last column is our
# throughput over that Java figure.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/data}
out=target/rate-vs-hodoku
mkdir -p "$out"
cargo build --release --quiet
bin=target/release/sudoku-lsp
if [ ! -x "$out/venv/bin/python" ]; then
  python3 -m venv "$out/venv"
  "$out/venv/bin/pip" install --quiet hodoku-py==0.2.1
fi

# set, our sample, hodoku-py's sample, HoDoKu Java puzzles/s
sets="17-clue 20000 100 1200
top1465 1465 10 7
forum-hardest-11plus 200 3 1.8"

printf '%-22s %8s %12s %10s %14s %10s\n' set puzzles "ours/s" "hodoku-py/s" "ours/hodoku-py" "ours/Java"
while read -r name ours theirs java; do
  sample() { awk -v n="$1" '!/^#/ && k++ < n { print substr($0, 1, 81) }' "$data/$name.txt"; }
  sample "$ours" > "$out/$name.ours.txt"
  sample "$theirs" > "$out/$name.hodoku.txt"
  # CPU seconds of one thread: user + system time of the whole command.
  cpu=$( { /usr/bin/time -f '%U %S' "$bin" check --rate --jobs 1 --format json \
    "$out/$name.ours.txt" > /dev/null; } 2>&1 | tail -n 1 | awk '{print $1 + $2}')
  read -r _ _ hrate < <("$out/venv/bin/python" scripts/hodoku_rate.py "$out/$name.hodoku.txt")
  awk -v n="$name" -v p="$ours" -v c="$cpu" -v h="$hrate" -v j="$java" 'BEGIN {
    r = p / (c > 0 ? c : 1e-9);
    printf "%-22s %8d %12.1f %10.3f %13.0fx %9.1fx\n", n, p, r, h, r / h, r / j }'
done <<< "$sets"
