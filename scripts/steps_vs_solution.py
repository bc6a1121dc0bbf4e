#!/usr/bin/env python3
"""Checks every step of `explain` against the solution, on puzzles the project has never seen.

Usage: steps_vs_solution.py BINARY [SEED]

For sizes 4, 6, 8, 9, 12 and 16, `BINARY generate --seed SEED` makes puzzles and `BINARY solve`
fills them in. Every step of `explain --format json` must place the solution's digit and never
remove it. For sizes up to 9 (the sizes pencil-mark grids have), each puzzle also becomes a
pencil-mark state: every candidate its givens allow, less a random 40% of those that are not the
solution's; its `explain` path and its `explain --all-steps` list are checked the same way, and
the path must reach the solution. Prints the steps checked and every false one; exits 1 when
any step is false or a puzzle is not solved.
"""
import json
import random
import subprocess
import sys
import tempfile

SYMBOLS = "123456789"
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}
COUNTS = {4: 40, 6: 40, 8: 30, 9: 40, 12: 10, 16: 5}


def run(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True).stdout


def grids(text, n):
    """The one-liners of a file written by `generate` or `solve`."""
    return [
        line.strip()
        for line in text.splitlines()
        if line.strip() and line[0] not in "#@" and len(line.strip()) == n * n
    ]


def peers(n, box):
    rows, cols = box
    out = []
    for c in range(n * n):
        r, k = divmod(c, n)
        out.append(
            {
                x
                for x in range(n * n)
                if x != c
                and (
                    x // n == r
                    or x % n == k
                    or (x // n // rows == r // rows and x % n // cols == k // cols)
                )
            }
        )
    return out


def marks(puzzle, solution, n, rng):
    """A pencil-mark grid of `puzzle`: the candidates its givens allow, less some that are not
    the solution's."""
    near = peers(n, BOXES[n])
    tokens = []
    for c, given in enumerate(puzzle):
        if given not in ".0":
            tokens.append(given)
            continue
        allowed = [d for d in SYMBOLS[:n] if all(puzzle[x] != d for x in near[c])]
        tokens.append("".join(d for d in allowed if d == solution[c] or rng.random() > 0.4))
    width = max(len(t) for t in tokens) + 1
    rows = (" ".join(t.ljust(width) for t in tokens[r * n : (r + 1) * n]) for r in range(n))
    return f"@size {n}\n@box {BOXES[n][0]}x{BOXES[n][1]}\n@candidates\n" + "\n".join(rows) + "\n"


def explained(binary, text, *flags):
    with tempfile.NamedTemporaryFile("w", suffix=".sudoku") as f:
        f.write(text)
        f.flush()
        return json.loads(run(binary, "explain", "--format", "json", *flags, f.name))["files"][0][
            "puzzles"
        ]


def main():
    binary = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    checked = bad = 0

    def check(puzzles, solutions, n, what, must_solve=True):
        nonlocal checked, bad
        for p, sol in zip(puzzles, solutions):
            if must_solve and not p["solved"]:
                bad += 1
                print(f"{what}: puzzle {p['index']} not solved")
            for st in p["steps"]:
                checked += 1
                at = lambda name: (lambda r, c: (r - 1) * n + c - 1)(*map(int, name[1:].split("c")))
                wrong = any(sol[at(x["cell"])] != x["digit"] for x in st["placements"])
                wrong |= any(sol[at(x["cell"])] in x["digits"] for x in st["eliminations"])
                if wrong:
                    bad += 1
                    print(f"{what}: puzzle {p['index']}: false step: {st['explanation']}")

    for n, count in COUNTS.items():
        text = run(binary, "generate", "--size", str(n), "--count", str(count), "--seed", str(seed))
        with tempfile.NamedTemporaryFile("w", suffix=".sudoku") as f:
            f.write(text)
            f.flush()
            solutions = grids(run(binary, "solve", f.name), n)
        puzzles = grids(text, n)
        check(explained(binary, text), solutions, n, f"{n}x{n}")
        states = 0
        if n in BOXES:
            pm = "\n".join(marks(p, s, n, rng) for p, s in zip(puzzles, solutions))
            check(explained(binary, pm), solutions, n, f"{n}x{n} marks")
            check(explained(binary, pm, "--all-steps"), solutions, n, f"{n}x{n} all", False)
            states = len(puzzles)
        print(f"{n}x{n}: {len(puzzles)} puzzles, {states} pencil-mark states", flush=True)
    print(f"{checked} steps checked, {bad} false or unsolved")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
