#!/usr/bin/env bash
# Coverage-guided fuzzing of the reader, the analysis, the editor's change handling, the fixes
# and the formatter, with cargo-fuzz (libFuzzer) on the stable toolchain.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Runs each TARGET (default: read analyze lsp_changes fixes fmt logic formats) for SECONDS (default 10) and exits
# non-zero on the first crash, timeout (an input that takes over 10 s) or out-of-memory. Each
# target's corpus (fuzz/corpus/TARGET, not committed) is seeded with today's fixtures first; a
# failing input is saved under fuzz/artifacts/TARGET/ and the command to replay it is printed.
# The full libFuzzer output of a run is in fuzz/logs/TARGET.log.
# FUZZ_SEED=N fixes libFuzzer's random seed (the test command uses 1, so that a CI run explores
# the same inputs each time and a red build means a change broke something, not luck); unset,
# every run explores afresh.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-10}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(read analyze lsp_changes fixes fmt logic formats)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz from crates.io"
  cargo install cargo-fuzz --locked
fi

# Every target with the same flags, so the instrumented crate is built once. `-s none`: no
# sanitizer, which is what makes the stable toolchain enough (the code has no `unsafe` of its
# own to check). `--no-trace-compares`: comparison tracing costs the solver six times its
# speed, which puts a 25x25 search that runs out of budget over the 10 s timeout; the
# dictionary stands in for what it would have guessed of the format's keywords.
build_flags=(-s none --no-trace-compares)
for t in "${targets[@]}"; do
  if [ ! -f "fuzz/fuzz_targets/$t.rs" ]; then
    echo "no fuzz target $t (have: $(cd fuzz/fuzz_targets && ls | sed 's/\.rs$//' | tr '\n' ' '))" >&2
    exit 2
  fi
done
cargo fuzz build "${build_flags[@]}"

mkdir -p fuzz/logs
failed=()
for t in "${targets[@]}"; do
  corpus="fuzz/corpus/$t"
  mkdir -p "$corpus"
  # The seed is always the fixtures as they are now: each file under a name made from its path.
  while IFS= read -r -d '' f; do
    cp "$f" "$corpus/seed-$(printf '%s' "$f" | tr '/' '_')"
  done < <(find fixtures tests/editors/fixtures -type f \( -name '*.sudoku' -o -path 'fixtures/formats/*' \) -print0 2>/dev/null)
  log="fuzz/logs/$t.log"
  printf '\n==> fuzz %s for %ss\n' "$t" "$seconds"
  if cargo fuzz run "${build_flags[@]}" "$t" -- \
      -timeout=10 -max_len=65536 -rss_limit_mb=2048 -max_total_time="$seconds" \
      -dict="$PWD/fuzz/sudoku.dict" -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
      >"$log" 2>&1; then
    grep -E '^#[0-9]+ +DONE|^Done ' "$log" || tail -n 3 "$log"
  else
    tail -n 60 "$log"
    failed+=("$t")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found a failure in: ${failed[*]} (inputs under fuzz/artifacts/)" >&2
  exit 1
fi
