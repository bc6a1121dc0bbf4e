"""HoDoKu's generator as a black box: puzzles of each level made per second, one thread.

Used only for comparison in docs/benchmarks.md (hodoku-py is GPL and never part of the
shipped code). Install it in a scratch virtual environment:

    python3 -m venv /tmp/hodoku-venv && /tmp/hodoku-venv/bin/pip install hodoku-py
    /tmp/hodoku-venv/bin/python scripts/bench-hodoku-generate.py [SECONDS] [LEVEL...]

Each level runs for about SECONDS (default 10) and at least one puzzle, unsymmetric (as
`sudoku-lsp generate` makes by default).
"""

import sys
import time

from hodoku import DifficultyType, Generator


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    names = [a.upper() for a in sys.argv[2:]] or ["EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME"]
    gen = Generator()
    for name in names:
        level = DifficultyType[name]
        made, started = 0, time.perf_counter()
        while made == 0 or time.perf_counter() - started < seconds:
            gen.generate(level, symmetric=False)
            made += 1
        spent = time.perf_counter() - started
        print(f"{name.lower():>7}: {made} puzzles in {spent:.1f} s, {made / spent:.2f}/s", flush=True)


if __name__ == "__main__":
    main()
