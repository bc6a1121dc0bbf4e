#!/usr/bin/env bash
# Reads `sudoku-lsp render`'s PDFs back as a reader would: `pdftotext` must give every puzzle's
# givens in order, row by row (and with --solutions every solution), and `pdftoppm` must show
# no blank page. The puzzles come from `generate --with-solution` (sizes 4 to 12) and the
# fixtures, so what the text must hold is known apart from the drawing. Installs Debian's
# poppler-utils first when run as root and it is missing. Builds no Rust: the binary is
# $SUDOKU_LSP, by default target/debug/sudoku-lsp. Ends with `pdf: N passed, M failed`.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"
bin="${SUDOKU_LSP:-target/debug/sudoku-lsp}"
case "$bin" in /*) ;; *) bin="$repo/$bin" ;; esac

if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "pdftotext/pdftoppm are missing and this is not root: install poppler-utils" >&2
    echo "pdf: 0 passed, 1 failed"
    exit 1
  fi
  echo "==> pdf: installing poppler-utils"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null
fi
if [ ! -x "$bin" ]; then
  echo "no binary at $bin: run \`cargo build\`, or set SUDOKU_LSP" >&2
  echo "pdf: 0 passed, 1 failed"
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Puzzles whose givens and solutions are known: generated one-liners with `@solution` lines.
"$bin" generate --seed 7 --count 5 --with-solution >"$work/nine.sudoku" || exit 1
"$bin" generate --seed 7 --count 3 --size 4 --with-solution >"$work/four.sudoku" || exit 1
"$bin" generate --seed 7 --count 3 --size 6 --box 3x2 --with-solution >"$work/six.sudoku" || exit 1
"$bin" generate --seed 7 --count 2 --size 8 --with-solution >"$work/eight.sudoku" || exit 1
"$bin" generate --seed 7 --count 2 --size 12 --with-solution >"$work/twelve.sudoku" || exit 1

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

# pdf_holds PDF FILE... : the PDF's text holds each puzzle's givens and then each solution, in
# order, each as one run of characters (the rows one after another).
pdf_holds() {
  local pdf="$1"
  shift
  pdftotext -raw "$pdf" "$work/text.txt" || return 1
  python3 - "$work/text.txt" "$@" <<'PY'
import sys

text = "".join(open(sys.argv[1], encoding="utf-8").read().split())
givens, solutions = [], []
for path in sys.argv[2:]:
    solution = None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line.startswith("@solution"):
            solution = line.split()[1]
        elif line and not line.startswith(("#", "@")):
            cells = line.split()[0]
            givens.append(cells.replace(".", "").replace("0", ""))
            solutions.append(solution)
            solution = None
at = 0
for i, want in enumerate(givens + solutions):
    found = text.find(want, at)
    if want is None or found < 0:
        print(f"item {i + 1}: {want!r} not found in order in the PDF's text", file=sys.stderr)
        print(text[at:at + 400], file=sys.stderr)
        sys.exit(1)
    at = found + len(want)
print(f"{len(givens)} puzzles and {len(solutions)} solutions read back in order")
PY
}

# not_blank PDF PAGES: the PDF has that many pages, and each has ink on it.
not_blank() {
  local pdf="$1" pages="$2"
  rm -f "$work"/page-*.pgm
  pdftoppm -gray -r 24 "$pdf" "$work/page" || return 1
  python3 - "$pages" "$work"/page-*.pgm <<'PY'
import sys

want, files = sys.argv[1], sys.argv[2:]
if sys.argv[1] != "any" and len(files) != int(want):
    print(f"{len(files)} pages, expected {want}", file=sys.stderr)
    sys.exit(1)
for f in files:
    data = open(f, "rb").read()
    # A binary PGM: "P5\n<w> <h>\n<max>\n" then one byte a pixel.
    parts = data.split(maxsplit=4)
    pixels = parts[4]
    dark = sum(1 for b in pixels if b < 128)
    if dark < len(pixels) // 100:
        print(f"{f}: blank ({dark} dark pixels of {len(pixels)})", file=sys.stderr)
        sys.exit(1)
print(f"{len(files)} pages with ink")
PY
}

set -- "$work/nine.sudoku" "$work/four.sudoku" "$work/six.sudoku" "$work/eight.sudoku" \
  "$work/twelve.sudoku"
"$bin" render --solutions -o "$work/all.pdf" "$@"
status=$?
check "render exits 0" [ "$status" -eq 0 ]
# `render` takes the files in path order, as `check` does.
sorted=$(printf '%s\n' "$@" | sort)
# shellcheck disable=SC2086
check "pdftotext gives every puzzle's givens, then every solution" pdf_holds "$work/all.pdf" $sorted
# 15 puzzles at 4 a page, then 15 solutions: 4 + 4 pages.
check "pdftoppm: 8 pages, none blank" not_blank "$work/all.pdf" 8

"$bin" render --per-page 1 --page letter --solutions -o "$work/one.pdf" "$work/nine.sudoku"
check "one a page on Letter" pdf_holds "$work/one.pdf" "$work/nine.sudoku"
check "one a page: 10 pages, none blank" not_blank "$work/one.pdf" 10

# renders FILE: every size and layout of the fixtures renders with its marks (exit 1 only for
# a puzzle without a unique solution), and its pages have ink.
renders() {
  rm -f "$work/f.pdf"
  "$bin" render --marks --solutions -o "$work/f.pdf" "$1" 2>"$work/err.txt"
  local code=$?
  if [ "$code" -gt 1 ] || [ ! -s "$work/f.pdf" ]; then
    cat "$work/err.txt" >&2
    return 1
  fi
  not_blank "$work/f.pdf" any >/dev/null
}
for f in fixtures/ok/*.sudoku fixtures/layouts/*.sudoku; do
  check "$f renders" renders "$f"
done

echo
echo "pdf: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
