#!/usr/bin/env bash
# Installs what the tests need and runs all of them: formatting and lint gates, the Rust tests
# (core, CLI, language server in-process and over stdio), 10 s of fuzzing per fuzz target, the
# pre-commit hooks with the real pre-commit, `render`'s PDFs read back with poppler, `explain`'s
# HTML pages in headless Chromium, the editor
# clients (VS Code's protocol library and packaging, headless Neovim 0.11.4, Emacs with Eglot),
# then the release packages (wheel, archive, .vsix) built and installed.
# `.ci/run` calls this script; run it from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets --locked -- -D warnings

step "cargo test"
cargo test --locked --all-targets

step "fuzz every target for 10 s (scripts/fuzz.sh)"
FUZZ_SEED=1 bash scripts/fuzz.sh 10

# `cargo test` built the server binary the CLI tests run; the hooks and the editors drive the
# same one (a separate `cargo build` would compile every dependency again without the
# dev-dependencies' features, about three minutes on two cores).
export SUDOKU_LSP="$PWD/target/debug/sudoku-lsp"
[ -x "$SUDOKU_LSP" ] || { echo "no server binary at $SUDOKU_LSP after cargo test" >&2; exit 1; }

step "pre-commit hooks (tests/precommit/run.sh: real pre-commit from PyPI on a scratch repository)"
bash tests/precommit/run.sh

step "render: PDFs read back with poppler (tests/pdf/run.sh)"
bash tests/pdf/run.sh

step "explain --format html: pages opened in headless Chromium (tests/html/run.sh)"
bash tests/html/run.sh

if [ -f tests/editors/run.sh ]; then
  step "editor clients"
  bash tests/editors/run.sh
fi

# One release build (scripts/package.sh, as the release workflow calls it) gives the wheel, the
# archive and the .vsix files; they are installed as users install them, offline.
step "install: the wheel, the archive and the .vsix files (tests/install/run.sh)"
bash tests/install/run.sh
