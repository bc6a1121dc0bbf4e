#!/usr/bin/env python3
"""Times HoDoKu's rating (the hodoku-py port, used as a black box) on a file of one-line puzzles.

Usage: hodoku_rate.py FILE   (one 81-character puzzle per line; prints puzzles, seconds, puzzles/s)

hodoku-py is GPL: this script only calls it from outside the shipped code, to put a reference
figure beside ours in the same run (scripts/rate-vs-hodoku.sh).
"""
import sys
import time

from hodoku import Solver


def main() -> None:
    puzzles = [line.split()[0] for line in open(sys.argv[1]) if line.strip()]
    solver = Solver()
    start = time.process_time()
    for p in puzzles:
        solver.solve(p)
    seconds = time.process_time() - start
    print(f"{len(puzzles)} {seconds:.3f} {len(puzzles) / seconds:.3f}")


if __name__ == "__main__":
    main()
