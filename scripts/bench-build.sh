#!/usr/bin/env bash
# What codegen-units and LTO cost in build time and give in speed, as docs/benchmarks.md quotes:
#
#   bash scripts/bench-build.sh [DATA_DIR] [CONFIG...]
#
# CONFIG is CODEGEN_UNITS/LTO, e.g. 4/off (the release profile's own), 16/off (Cargo's default),
# 1/off, 1/fat, 4/thin. Each one is built with the release profile, overridden through
# CARGO_PROFILE_RELEASE_*, in its own target directory under target/bench-build/ (so every
# dependency is built again: a clean build's time), then again after touching src/lib.rs (the
# crate alone, what a change to the code costs); both as wall and CPU (user+sys) seconds. Then on a sample of the public sets in DATA_DIR
# (default ../shared/data beside the clone): instructions under callgrind (valgrind must be on
# PATH) and the median CPU time (user+sys) of RUNS (default 5) runs of
# `check --rate --jobs 1 --format json`. Prints one line per config.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
data="${1:-$here/../shared/data}"
shift || true
configs=("$@")
[ "${#configs[@]}" -gt 0 ] || configs=(4/off 16/off 1/off 1/fat)
runs="${RUNS:-5}"

sample="$(mktemp -d)"
trap 'rm -rf "$sample"' EXIT
# 1,000 17-clue puzzles (mostly singles) and every ninth top1465 puzzle (163, hard ones).
awk '!/^[[:space:]]*(#|$)/ && ++n <= 1000' "$data/17-clue.txt" >"$sample/17-clue.sudoku"
awk '!/^[[:space:]]*(#|$)/ && ++n % 9 == 1' "$data/top1465.txt" >"$sample/top1465.sudoku"

cpu_seconds() { # median user+sys seconds of $runs runs of the command
  local t=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%U %S' -o "$sample/time" "$@" >/dev/null 2>&1 || true
    t+=("$(awk '{print $1 + $2}' "$sample/time")")
  done
  printf '%s\n' "${t[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

build_time() { # "WALL/CPU" seconds from /usr/bin/time's "elapsed/user/sys"
  awk -F/ '{printf "%.0f/%.0f", $1, $2 + $3}' "$1"
}

instructions() { # callgrind's instruction count of the command, in millions
  valgrind --tool=callgrind --callgrind-out-file="$sample/cg.out" "$@" >/dev/null 2>"$sample/cg.err" || true
  awk '/^summary:/ {printf "%.1f", $2 / 1e6}' "$sample/cg.out"
}

printf '%-8s %12s %12s %10s %16s %16s %14s %14s\n' config clean_wall/cpu crate_wall/cpu size_MB \
  17clue_instr_M top_instr_M 17clue_cpu_s top_cpu_s
for config in "${configs[@]}"; do
  cgu="${config%/*}"
  lto="${config#*/}"
  dir="$here/target/bench-build/cgu$cgu-lto$lto"
  export CARGO_TARGET_DIR="$dir" CARGO_PROFILE_RELEASE_CODEGEN_UNITS="$cgu" \
    CARGO_PROFILE_RELEASE_LTO="$lto"
  rm -rf "$dir"
  /usr/bin/time -f '%e/%U/%S' -o "$sample/clean" \
    cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml"
  touch "$here/src/lib.rs"
  /usr/bin/time -f '%e/%U/%S' -o "$sample/crate" \
    cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml"
  bin="$dir/release/sudoku-lsp"
  printf '%-8s %12s %12s %10.1f %16s %16s %14s %14s\n' "$config" \
    "$(build_time "$sample/clean")" "$(build_time "$sample/crate")" \
    "$(awk "BEGIN{print $(wc -c <"$bin") / 1e6}")" \
    "$(instructions "$bin" check --rate --jobs 1 --format json "$sample/17-clue.sudoku")" \
    "$(instructions "$bin" check --rate --jobs 1 --format json "$sample/top1465.sudoku")" \
    "$(cpu_seconds "$bin" check --rate --jobs 1 --format json "$sample/17-clue.sudoku")" \
    "$(cpu_seconds "$bin" check --rate --jobs 1 --format json "$sample/top1465.sudoku")"
done
