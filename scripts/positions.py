#!/usr/bin/env python3
"""Writes 9x9 positions for scripts/allsteps_vs_hodoku.py from the solving paths `explain` shows.

Usage: positions.py BINARY PUZZLES COUNT [SEED]

Takes COUNT puzzles spread evenly over PUZZLES (one-liners) and, for each, the puzzle with the
placements of a prefix of its path filled in: the prefix ends before the first step that is not
a single (where a harder technique is needed), or, for puzzles that start there, at a random
point of the path's first half. Prints one 81-character position per line.
"""
import json
import random
import re
import subprocess
import sys
import tempfile

SINGLES = {"full-house", "naked-single", "hidden-single"}
CELL = re.compile(r"r(\d+)c(\d+)")


def main():
    binary, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    lines = [w[0] for w in (l.split() for l in open(path)) if w and len(w[0]) == 81]
    picked = lines[:: max(1, len(lines) // count)][:count]
    with tempfile.NamedTemporaryFile("w", suffix=".sudoku") as f:
        f.write("\n".join(picked) + "\n")
        f.flush()
        out = subprocess.run(
            [binary, "explain", "--format", "json", f.name], capture_output=True, text=True, check=False
        ).stdout
    for puzzle, explained in zip(picked, json.loads(out)["files"][0]["puzzles"]):
        steps = explained["steps"]
        first_hard = next((i for i, s in enumerate(steps) if s["technique"] not in SINGLES), 0)
        cut = first_hard if first_hard > 0 else rng.randrange(0, max(1, len(steps) // 2))
        grid = [ch if ch.isdigit() and ch != "0" else "." for ch in puzzle]
        for step in steps[:cut]:
            for p in step["placements"]:
                r, c = map(int, CELL.fullmatch(p["cell"]).groups())
                grid[(r - 1) * 9 + c - 1] = p["digit"]
        print("".join(grid))


if __name__ == "__main__":
    main()
