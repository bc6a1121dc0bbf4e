#!/usr/bin/env bash
# Writes the scale benchmark's inputs (docs/benchmarks.md, "A 9-million-row table"): ROWS rows of
# `puzzle,solution` made from the 17-clue set and its solutions, cycled, as OUT.csv (with a
# header), and the same puzzles as `.sudoku` one-liners in OUT.sudoku. Writes outside the
# repository only. Usage: bash scripts/make-big-csv.sh [ROWS] [OUT] [DATA_DIR] [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-9000000}"
out="${2:-/tmp/sudoku-9m}"
data="${3:-../shared/data}"
bin="${4:-target/release/sudoku-lsp}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$data/17-clue.txt" | tr '.' '0' > "$work/set.sudoku"
"$bin" solve "$work/set.sudoku" > "$work/set.sol"
if [ "$(wc -l < "$work/set.sudoku")" != "$(wc -l < "$work/set.sol")" ]; then
  echo "make-big-csv: not every puzzle has a solution" >&2
  exit 1
fi
paste -d, "$work/set.sudoku" "$work/set.sol" > "$work/rows.csv"
cycle() { awk -v n="$rows" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }' "$1"; }
{ echo puzzle,solution; cycle "$work/rows.csv"; } > "$out.csv"
cycle "$work/set.sudoku" > "$out.sudoku"
ls -l "$out.csv" "$out.sudoku"
