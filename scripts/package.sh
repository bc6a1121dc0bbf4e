#!/usr/bin/env bash
# Builds what a release ships for one target, from ONE release build:
#
#   bash scripts/package.sh [--target TRIPLE] [--out DIR] [--zig] [--universal-vsix] [--wheel-only]
#
# - the wheel (maturin, `bindings = "bin"`): maturin runs the one `cargo build --release`, into
#   the shared target directory (target/TRIPLE/release/);
# - the archive of that same binary (.tar.gz, .zip for Windows) with README and licences, and its
#   SHA-256 sum (`NAME.sha256`, in the format `sha256sum -c` reads);
# - the VS Code extension for the target's platform with that binary in `server/`
#   (`vsce package --target`), and with --universal-vsix also the universal one without a server.
# --wheel-only stops after the wheel (the release workflow's second Linux wheel: manylinux beside
# the static musllinux build whose binary goes into the archive and the .vsix).
#
# TRIPLE defaults to the host's (x86_64-unknown-linux-gnu here). --zig links with zig (the
# `ziglang` package from PyPI) for glibc 2.17, so that the wheel is manylinux_2_17 (manylinux2014)
# and the archive runs on any Linux with glibc 2.17 or later; without it a glibc target gets
# the build machine's glibc as its floor. Output goes to DIR (default dist/).
#
# Tools: maturin (and ziglang for --zig) are taken from $PACKAGE_VENV (default
# target/package-venv, made here with pinned versions by $PYTHON, default python3, when missing);
# vsce from the VS Code extension's node_modules (`npm ci` in editors/vscode when missing).
# The test command (tests/install/run.sh) and the release workflow (.github/workflows/release.yml)
# both call this script.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

MATURIN_VERSION=1.16.0
ZIGLANG_VERSION=0.15.2

target=""
out="dist"
zig=0
universal=0
wheel_only=0
while [ $# -gt 0 ]; do
  case "$1" in
  --target) target="$2"; shift 2 ;;
  --out) out="$2"; shift 2 ;;
  --zig) zig=1; shift ;;
  --universal-vsix) universal=1; shift ;;
  --wheel-only) wheel_only=1; shift ;;
  -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {print}' "$0"; exit 0 ;;
  *) echo "package.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ -n "$target" ] || target="$(rustc -vV | sed -n 's/^host: //p')"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)"
[ -n "$version" ] || { echo "package.sh: no version in Cargo.toml" >&2; exit 1; }

case "$target" in
*-windows-*) exe=sudoku-lsp.exe ;;
*) exe=sudoku-lsp ;;
esac
case "$target" in
x86_64-unknown-linux-*) vscode_target=linux-x64 ;;
aarch64-unknown-linux-*) vscode_target=linux-arm64 ;;
x86_64-apple-darwin) vscode_target=darwin-x64 ;;
aarch64-apple-darwin) vscode_target=darwin-arm64 ;;
x86_64-pc-windows-msvc) vscode_target=win32-x64 ;;
aarch64-pc-windows-msvc) vscode_target=win32-arm64 ;;
*) vscode_target="" ;;
esac

step() { printf '\n==> package: %s\n' "$*"; }

sha256() { # file -> "HASH  NAME" (the format of sha256sum and shasum -a 256)
  if command -v sha256sum >/dev/null 2>&1; then
    (cd "$(dirname "$1")" && sha256sum "$(basename "$1")")
  else
    (cd "$(dirname "$1")" && shasum -a 256 "$(basename "$1")")
  fi
}

# --- tools ----------------------------------------------------------------------------------
venv="${PACKAGE_VENV:-$repo/target/package-venv}"
case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) bindir="$venv/Scripts" ;; *) bindir="$venv/bin" ;; esac
maturin="$bindir/maturin"
want="maturin==$MATURIN_VERSION"
[ "$zig" -eq 1 ] && want="$want ziglang==$ZIGLANG_VERSION"
if ! "$maturin" --version 2>/dev/null | grep -q "$MATURIN_VERSION" ||
  { [ "$zig" -eq 1 ] && ! "$bindir/python" -m ziglang version >/dev/null 2>&1; }; then
  step "installing $want into $venv"
  [ -x "$bindir/python" ] || "${PYTHON:-python3}" -m venv "$venv"
  # shellcheck disable=SC2086
  "$bindir/python" -m pip install --quiet --disable-pip-version-check $want
fi

# --- the one build: the wheel -----------------------------------------------------------------
step "wheel for $target (maturin build --release$([ "$zig" -eq 1 ] && echo ' --zig'))"
zig_args=()
if [ "$zig" -eq 1 ]; then
  zig_args=(--zig)
  # A glibc wheel for glibc 2.17; a musl target is static and gets musllinux_1_2.
  case "$target" in *-linux-gnu) zig_args+=(--compatibility manylinux2014) ;; esac
fi
# Into a folder of its own first, so that the wheel of this target is the one found, whatever
# other targets' wheels DIR holds.
wheels="$(mktemp -d)"
# maturin finds zig as `python -m ziglang` of the interpreter on PATH: the venv's.
PATH="$bindir:$PATH" "$maturin" build --release --locked --target "$target" --out "$wheels" \
  "${zig_args[@]}"
built="$(ls "$wheels"/sudoku_lsp-"$version"-*.whl)"
wheel="$out/$(basename "$built")"
mv -f "$built" "$wheel"
rm -rf "$wheels"
echo "wheel: $wheel ($(wc -c <"$wheel") bytes)"

bin="${CARGO_TARGET_DIR:-$repo/target}/$target/release/$exe"
[ -x "$bin" ] || { echo "package.sh: maturin left no binary at $bin" >&2; exit 1; }
echo "binary: $bin ($(wc -c <"$bin") bytes)"
[ "$wheel_only" -eq 1 ] && exit 0

# --- the archive ----------------------------------------------------------------------------
name="sudoku-lsp-$version-$target"
step "archive $name"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp "$bin" README.md LICENSE-MIT LICENSE-APACHE "$stage/$name/"
case "$target" in
*-windows-*)
  archive="$out/$name.zip"
  rm -f "$archive"
  if command -v 7z >/dev/null 2>&1; then
    (cd "$stage" && 7z a -tzip -bd "$archive" "$name" >/dev/null)
  else
    (cd "$stage" && zip -qr "$archive" "$name")
  fi
  ;;
*)
  archive="$out/$name.tar.gz"
  tar -C "$stage" -czf "$archive" "$name"
  ;;
esac
sha256 "$archive" >"$archive.sha256"
cat "$archive.sha256"

# --- the VS Code extension ------------------------------------------------------------------
ext="$repo/editors/vscode"
if [ ! -f "$ext/node_modules/.package-lock.json" ] ||
  [ "$ext/package-lock.json" -nt "$ext/node_modules/.package-lock.json" ]; then
  step "npm ci in editors/vscode"
  (cd "$ext" && npm ci --no-audit --no-fund)
fi
vsce=("$ext/node_modules/.bin/vsce" package --no-dependencies)
if [ -n "$vscode_target" ]; then
  step "VS Code extension for $vscode_target, with the server inside"
  rm -rf "$ext/server"
  trap 'rm -rf "$stage" "$ext/server"' EXIT
  mkdir "$ext/server"
  cp "$bin" "$ext/server/$exe"
  chmod 755 "$ext/server/$exe"
  (cd "$ext" && "${vsce[@]}" --target "$vscode_target" --out "$out/sudoku-lsp-$vscode_target-$version.vsix")
  rm -rf "$ext/server"
else
  echo "package.sh: no VS Code platform for $target; no platform .vsix" >&2
fi
if [ "$universal" -eq 1 ]; then
  step "universal VS Code extension (no server inside: it uses sudoku-lsp on PATH)"
  rm -rf "$ext/server"
  (cd "$ext" && "${vsce[@]}" --out "$out/sudoku-lsp-universal-$version.vsix")
fi

step "done"
ls -l "$out"
