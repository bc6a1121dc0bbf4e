#!/usr/bin/env bash
# Checks that two builds print the same bytes: for speed work on the logic engine, where every
# rating, solving path and all-steps list must stay exactly what it was.
#
#   bash scripts/same_output.sh OLD_BINARY NEW_BINARY [DATA_DIR]   (default ../shared/data)
#
# Compares `check --rate --format json`, `explain --format json` and `explain --all-steps
# --format json` on samples of the public sets (300 top1465, 50 forum-hardest-11plus, 2,000
# 17-clue puzzles), the fixtures, generated puzzles of sizes 4 to 25, and pencil-mark states
# made from top1465 puzzles by removing 20-60% of the candidates that are not the solution's
# (a fixed seed, so the same states every run). Prints one line per comparison and exits 1 when
# any differs.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1
new=$2
data=${3:-../shared/data}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sample() { awk -v n="$2" '!/^#/ && length($0) >= 81 && k++ < n { print substr($0, 1, 81) }' "$data/$1.txt"; }
sample top1465 300 > "$work/top.txt"
sample forum-hardest-11plus 50 > "$work/forum.txt"
sample 17-clue 2000 > "$work/17.txt"

# Pencil-mark states: candidate lines of top1465 puzzles, the solution's digit always kept.
"$new" solve "$work/top.txt" > "$work/solved.txt"
python3 - "$work/top.txt" "$work/solved.txt" > "$work/marks.txt" <<'EOF'
import random, sys
random.seed(5)
puzzles = [l.strip() for l in open(sys.argv[1]) if len(l.strip()) == 81]
solutions = [l.strip() for l in open(sys.argv[2]) if len(l.strip()) == 81 and l.strip().isdigit()]
for p, sol in zip(puzzles, solutions):
    vals = [int(c) if c.isdigit() else 0 for c in p]
    rate = random.choice([0.2, 0.4, 0.6])
    line = []
    for c in range(81):
        r, k = divmod(c, 9)
        box = (r // 3, k // 3)
        if vals[c]:
            keep = {vals[c]}
        else:
            seen = {vals[o] for o in range(81) if o != c and vals[o] and
                    (o // 9 == r or o % 9 == k or (o // 27, o % 9 // 3) == box)}
            keep = {d for d in range(1, 10) if d not in seen and
                    (d == int(sol[c]) or random.random() > rate)}
        line.append("".join(str(d) if d in keep else "." for d in range(1, 10)))
    print("".join(line))
EOF

status=0
# The output of a command, less the keys of SAME_OUTPUT_IGNORE when it is set.
run() {
  if [ -z "${SAME_OUTPUT_IGNORE:-}" ]; then
    "$@" 2>/dev/null
    return
  fi
  "$@" 2>/dev/null | python3 -c '
import json, sys
drop = set(sys.argv[1].split(","))
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in drop}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
text = sys.stdin.read()
try:
    print(json.dumps(strip(json.loads(text))))
except ValueError:
    sys.stdout.write(text)
' "$SAME_OUTPUT_IGNORE"
}

compare() {
  local name=$1
  shift
  if cmp -s <(run "$old" "$@") <(run "$new" "$@"); then
    echo "same      $name"
  else
    echo "DIFFERENT $name"
    status=1
  fi
}
for f in top forum 17; do
  compare "check --rate $f" check --rate --jobs 1 --format json "$work/$f.txt"
done
for f in top forum marks; do
  compare "explain $f" explain --format json "$work/$f.txt"
  compare "explain --all-steps $f" explain --all-steps --format json "$work/$f.txt"
done
# The fixtures' `.sudoku` files (the other formats' fixtures may be newer than OLD_BINARY).
mapfile -t fixtures < <(find fixtures -name '*.sudoku' | sort)
compare "explain --all-steps fixtures" explain --all-steps --format json "${fixtures[@]}"
# Other sizes: generated puzzles (the generator does not rate without --level).
for size in 4 6 8 12 16 25; do
  count=15
  [ "$size" = 25 ] && count=2
  "$new" generate --size "$size" --count "$count" --seed 42 > "$work/gen$size.sudoku"
  compare "explain size $size" explain --format json "$work/gen$size.sudoku"
  compare "explain --all-steps size $size" explain --all-steps --format json "$work/gen$size.sudoku"
done
exit $status
