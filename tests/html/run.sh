#!/usr/bin/env bash
# Opens `sudoku-lsp explain --format html` pages in a real headless Chromium and checks what a
# reader gets: the DOM after the page's script ran (every given in its cell, each step's struck
# candidates and placed digits exactly that step's in `explain --format json`, one step shown at
# a time), the same page with scripts off (every step shown), a screenshot that is not blank,
# and no console error, no refused load and nothing fetched. The pages: a 9x9 whose path has a
# chain, a 4x4, a 16x16 in letters and a pencil-mark puzzle. Installs Debian's chromium first
# when run as root and it is missing. Builds no Rust: the binary is $SUDOKU_LSP, by default
# target/debug/sudoku-lsp. Ends with `html: N passed, M failed`.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
bin="${SUDOKU_LSP:-target/debug/sudoku-lsp}"
case "$bin" in /*) ;; *) bin="$repo/$bin" ;; esac

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "chromium is missing and this is not root: install Debian's chromium" >&2
    echo "html: 0 passed, 1 failed"
    exit 1
  fi
  echo "==> html: installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x "$bin" ]; then
  echo "no binary at $bin: run \`cargo build\`, or set SUDOKU_LSP" >&2
  echo "html: 0 passed, 1 failed"
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
check() { # name, then the command
  local name="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "--> $name: passed"
  else
    failed=$((failed + 1))
    echo "--> $name: FAILED"
  fi
}

# Chromium with a profile of its own, no first-run work and nothing that phones home; logging
# to stderr so that console messages and refused loads can be read.
browse() { # out-file, then chromium's arguments
  local out="$1"
  shift
  timeout 120 chromium --headless=new --no-sandbox --disable-gpu --no-first-run \
    --no-default-browser-check --disable-extensions --disable-background-networking \
    --disable-sync --disable-component-update --user-data-dir="$work/profile" \
    --enable-logging=stderr --v=0 "$@" >"$out" 2>>"$work/chromium.log"
}

# The pages: name, puzzle file, and `explain` options.
pages=(
  "chain:$here/chain.sudoku"
  "four:fixtures/layouts/4x4.sudoku"
  "sixteen:fixtures/layouts/16x16-letters.sudoku"
  "pencil:fixtures/ok/pencil-marks.sudoku"
)

# page_ok NAME FILE: the page and its JSON are written, Chromium shows it, and the checks hold.
page_ok() {
  local name="$1" file="$2"
  "$bin" explain --format html "$file" >"$work/$name.html" || return 1
  "$bin" explain --format json "$file" >"$work/$name.json" || return 1
  "$bin" convert --to line --lossy "$file" >"$work/$name.lines" 2>/dev/null || return 1
  : >"$work/chromium.log"
  browse "$work/$name.dom" --dump-dom "file://$work/$name.html" || return 1
  browse "$work/$name.noscript.dom" --blink-settings=scriptEnabled=false --dump-dom \
    "file://$work/$name.html" || return 1
  (cd "$work" && browse "$work/shot.out" --window-size=900,1300 \
    --screenshot="$work/$name.png" "file://$work/$name.html") || return 1
  python3 "$here/check_page.py" "$work" "$name" "$work/chromium.log"
}

for page in "${pages[@]}"; do
  check "${page%%:*}: ${page#*:}" page_ok "${page%%:*}" "${page#*:}"
done

echo
echo "html: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
