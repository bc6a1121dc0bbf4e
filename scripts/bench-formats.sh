#!/usr/bin/env bash
# Times `check` on the same puzzles written as one-liners and as CSV tables (docs/benchmarks.md,
# "Tables against one-liners"): the 17-clue set four times over (196,632 puzzles), as .sudoku
# one-liners, as a `puzzle` table, as a `puzzle,solution` table and as one-liners each with an
# `@solution`. Usage: bash scripts/bench-formats.sh [DATA_DIR] [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
data="${1:-../shared/data}"
bin="${2:-target/release/sudoku-lsp}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$data/17-clue.txt" > "$work/set.sudoku"
"$bin" solve "$work/set.sudoku" > "$work/set.sol" || true
for _ in 1 2 3 4; do cat "$work/set.sudoku"; done | tr '.' '0' > "$work/lines.sudoku"
for _ in 1 2 3 4; do cat "$work/set.sol"; done > "$work/sol.txt"
{ echo puzzle; cat "$work/lines.sudoku"; } > "$work/puzzle.csv"
{ echo puzzle,solution; paste -d, "$work/lines.sudoku" "$work/sol.txt"; } > "$work/solution.csv"
paste -d'\n' "$work/lines.sudoku" <(sed 's/^/@solution /' "$work/sol.txt") /dev/null \
  > "$work/solution.sudoku"
for f in lines.sudoku puzzle.csv solution.csv solution.sudoku; do
  /usr/bin/time -f "$f: %e s, %M KiB peak" "$bin" check "$work/$f" > /dev/null
done
