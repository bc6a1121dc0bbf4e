#!/usr/bin/env bash
# Exercises .pre-commit-hooks.yaml with the real pre-commit (from PyPI, in a venv made here) on a
# scratch git repository: `pre-commit try-repo` installs the hooks from this working tree as a
# user's repository would (language: rust, so pre-commit runs `cargo install` on it) and runs
# `sudoku-lsp-check` on the scratch repository's files. The release build goes to
# target/precommit, so only the first run builds from scratch.
# `sudoku-lsp-fmt` is declared too; this script checks that pre-commit reads its definition.
# Last, the check step of action.yml (the GitHub Action) runs with the binary built here.
# Ends with `pre-commit: N passed, M failed` and exits non-zero when a case failed.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
PRE_COMMIT_VERSION=4.7.0

passed=0
failed=0
ok() { passed=$((passed + 1)); printf -- '--> %s: passed\n' "$1"; }
ko() { failed=$((failed + 1)); printf -- '--> %s: FAILED\n' "$1"; }

if ! "$venv/bin/pre-commit" --version 2>/dev/null | grep -q "$PRE_COMMIT_VERSION"; then
  echo "installing pre-commit $PRE_COMMIT_VERSION into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv" &&
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pre-commit==$PRE_COMMIT_VERSION" ||
    { echo "pre-commit: 0 passed, 1 failed"; exit 1; }
fi
pre_commit="$venv/bin/pre-commit"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export PRE_COMMIT_HOME="$scratch/cache"
export CARGO_TARGET_DIR="$repo/target/precommit"
# pre-commit builds with `cargo install`, a release build; unoptimised, it compiles in a fraction
# of the time, and the hooks only run on a few small files here.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
cd "$scratch" || exit 1
mkdir work && cd work || exit 1
git init --quiet .
git config user.email test@example.invalid
git config user.name test
cp "$repo/fixtures/ok/classic.sudoku" good.sudoku
cp "$repo/fixtures/duplicate-digit/row.sudoku" bad.sudoku
# Not a .sudoku file: the hook must not be given it, though it would not pass.
cp "$repo/fixtures/duplicate-digit/row.sudoku" notes.txt
# A SadMan puzzle with a clash: the check hook reads the app formats too.
cp "$repo/fixtures/formats/sdk/clash.sdk" clash.sdk
git add . && git commit --quiet -m scratch

# Runs hook $2 from this working tree on the files after `--`, and records case $1: it passes
# when pre-commit exits with $3 and its output matches the extended regex $4 and not $5.
case_() { # name, hook, status, wanted, unwanted, -- files
  local name="$1" hook="$2" want="$3" grep_yes="$4" grep_no="$5"
  shift 6
  "$pre_commit" try-repo "$repo" "$hook" --verbose --files "$@" >"$scratch/out" 2>&1
  local status=$?
  if [ "$status" -eq "$want" ] && grep -Eq "$grep_yes" "$scratch/out" &&
    ! grep -Eq "$grep_no" "$scratch/out"; then
    ok "$name"
  else
    ko "$name (status $status)"
    cat "$scratch/out"
  fi
}

# A clash: the hook fails and shows the finding; the .txt file is not given to it.
case_ "sudoku-lsp-check fails on a clash" sudoku-lsp-check 1 \
  'bad\.sudoku:2:1: error\[duplicate-digit\]' 'notes\.txt' -- good.sudoku bad.sudoku notes.txt
# Mended: the hook passes.
cp good.sudoku bad.sudoku
case_ "sudoku-lsp-check passes on good files" sudoku-lsp-check 0 \
  'All checked: 2 puzzles in 2 files, no problems\.' 'error' -- good.sudoku bad.sudoku notes.txt
# Only .sudoku files reach the hook: with none given, it is skipped.
case_ "sudoku-lsp-check skips other files" sudoku-lsp-check 0 \
  'sudoku-lsp check\.+\(no files to check\)Skipped' 'notes\.txt' -- notes.txt
case_ "sudoku-lsp-check reads .sdk files" sudoku-lsp-check 1 \
  'clash\.sdk:[0-9]+:[0-9]+: error\[duplicate-digit\]' 'notes\.txt' -- clash.sdk notes.txt

# Both hooks are declared as pre-commit reads them.
if "$pre_commit" validate-manifest "$repo/.pre-commit-hooks.yaml" &&
  python3 - "$repo/.pre-commit-hooks.yaml" <<'PY'
import sys
text = open(sys.argv[1]).read()
hooks = [
    ("sudoku-lsp-check", "sudoku-lsp check", "\\.(sudoku|sdk|sdm|sdx|ss|opensudoku)$"),
    ("sudoku-lsp-fmt", "sudoku-lsp fmt", "\\.sudoku$"),
]
for hook, entry, files in hooks:
    block = text.split(f"- id: {hook}\n", 1)[1].split("\n- id:", 1)[0] + "\n"
    assert f"entry: {entry}\n" in block, hook
    assert f"files: {files}\n" in block, hook
    assert "language: rust\n" in block, hook
PY
then
  ok "both hooks declared"
else
  ko "both hooks declared"
fi

# The GitHub Action: its install step builds from the action's own checkout, and its check step,
# run as the runner would (bash, the inputs in the environment) with the binary pre-commit just
# built, annotates the clash and fails.
runner="$scratch/runner"
mkdir -p "$runner/sudoku-lsp/bin"
ln -s "$CARGO_TARGET_DIR/release/sudoku-lsp" "$runner/sudoku-lsp/bin/sudoku-lsp"
cp "$repo/fixtures/duplicate-digit/row.sudoku" bad.sudoku
"$venv/bin/python" - "$repo/action.yml" "$scratch/check-step.sh" <<'PY'
import sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
assert action["runs"]["using"] == "composite"
install, check = action["runs"]["steps"]
assert 'cargo install --locked --path "$GITHUB_ACTION_PATH"' in install["run"], install
assert check["shell"] == "bash" and "check --format github" in check["run"], check
open(sys.argv[2], "w").write(check["run"])
PY
RUNNER_TEMP="$runner" SUDOKU_LSP_PATHS="." SUDOKU_LSP_ARGS="--ignore box-shape" \
  bash -e "$scratch/check-step.sh" >"$scratch/out" 2>&1
status=$?
if [ "$status" -eq 1 ] && grep -q '^::error file=bad.sudoku,line=2,col=1,' "$scratch/out"; then
  ok "action.yml check step annotates a clash"
else
  ko "action.yml check step annotates a clash (status $status)"
  cat "$scratch/out"
fi

echo "pre-commit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
