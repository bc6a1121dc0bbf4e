#!/usr/bin/env python3
"""Compares our levels and scores with HoDoKu's on any puzzles, not only those of hodoku-levels.tsv.

Usage: levels_vs_hodoku.py BINARY PUZZLES [--cache FILE] [--misses N]

PUZZLES holds one 81-character puzzle per line (anything after the first field is ignored, so
`sudoku-lsp generate --format line` output works; `#` lines are skipped). hodoku-py (a black box:
it is GPL and stays outside the shipped code) rates each puzzle; `BINARY check --rate --format
json` rates them all in one run. Prints the share with the same level, the number with exactly
the same score, a confusion table (rows: HoDoKu's level, columns: ours) and up to N puzzles
whose levels differ. --cache keeps HoDoKu's ratings (JSON lines), so a rerun with another build
of ours takes seconds.

Held-out samples, as in docs/rating.md:

    py=target/rate-vs-hodoku/venv/bin/python
    target/release/sudoku-lsp generate --seed 77 --count 80 --level hard --format line > hard.txt
    $py scripts/levels_vs_hodoku.py target/release/sudoku-lsp hard.txt --cache hodoku-levels.jsonl
"""
import json
import subprocess
import sys
import tempfile

from allsteps_vs_hodoku import cached, load_cache

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def hodoku_rating(solver, puzzle):
    """HoDoKu's [level, score] of a puzzle."""
    result = solver.solve(puzzle)
    level = getattr(result.level, "name", str(result.level)).lower()
    return [level, result.score]


def ours(binary, puzzles):
    """Our difficulty of each puzzle ({"level", "score", "hardest"} or None) from one run."""
    with tempfile.NamedTemporaryFile("w", suffix=".sudoku") as f:
        f.write("\n".join(puzzles) + "\n")
        f.flush()
        out = subprocess.run(
            [binary, "check", "--rate", "--format", "json", f.name],
            capture_output=True,
            text=True,
            check=False,
        )
    report = json.loads(out.stdout)
    return [p.get("difficulty") for p in report["files"][0]["puzzles"]]


def main():
    binary, path = sys.argv[1], sys.argv[2]
    cache_path = sys.argv[sys.argv.index("--cache") + 1] if "--cache" in sys.argv else None
    misses = int(sys.argv[sys.argv.index("--misses") + 1]) if "--misses" in sys.argv else 10
    puzzles = [
        line.split()[0][:81] for line in open(path) if line.strip() and not line.startswith("#")
    ]
    cache = load_cache(cache_path, "puzzle", "rating")
    from hodoku import Solver

    solver = Solver()
    theirs = []
    for i, p in enumerate(puzzles):
        theirs.append(cached(cache, cache_path, "puzzle", "rating", p, lambda: hodoku_rating(solver, p)))
        print(f"puzzle {i + 1}/{len(puzzles)}", file=sys.stderr, flush=True)
    mine = ours(binary, puzzles)
    table = {(h, o): 0 for h in LEVELS for o in LEVELS + [None]}
    same_level = same_score = 0
    apart = []
    for p, (level, score), d in zip(puzzles, theirs, mine):
        our_level = d["level"] if d else None
        table[(level, our_level)] = table.get((level, our_level), 0) + 1
        same_level += level == our_level
        same_score += bool(d) and d["score"] == score
        if level != our_level:
            apart.append((p, level, score, d))
    n = len(puzzles)
    print(f"{n} puzzles: same level {same_level} ({100 * same_level / max(n, 1):.1f}%), "
          f"same score exactly {same_score}")
    print("HoDoKu \\ ours " + "".join(f"{o:>8}" for o in LEVELS) + "    none")
    for h in LEVELS:
        row = [table[(h, o)] for o in LEVELS + [None]]
        if any(row):
            print(f"{h:>13} " + "".join(f"{v:>8}" for v in row))
    for p, level, score, d in apart[:misses]:
        print(f"apart: {p} HoDoKu {level} {score}, ours {d}")


if __name__ == "__main__":
    main()
