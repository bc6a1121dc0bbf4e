#!/usr/bin/env python3
"""Compares `sudoku-lsp explain --all-steps` with HoDoKu's "find all steps" on the same positions.

Usage: allsteps_vs_hodoku.py BINARY POSITIONS [--details N] [--cache FILE] [--why TECHNIQUE]

POSITIONS holds one 81-character 9x9 position per line (givens and digits placed so far; every
other cell holds every candidate they allow). For each step HoDoKu finds (the hodoku-py port, used
as a black box: it is GPL and stays outside the shipped code) whose technique is in RATING.md's
table, the script asks whether our all-steps list has a step of the same technique that makes at
least the same placements and eliminations, a placement counting as the removal of the cell's other
digits ("covered"), or one of another technique that does
("other"), or none ("missed"). Prints one row per technique, then up to N missed steps; with
--why, which of our techniques covered that technique's "other" steps, and up to N of them.

scripts/positions.py writes positions from the solving paths of public puzzle sets. hodoku-py
takes from seconds to a minute per position; with --cache, HoDoKu's steps are kept in FILE (JSON
lines) as they come, so that a run can be cut short and a later run, with another build of ours,
reads them instead of asking again.
"""
import collections
import json
import re
import subprocess
import sys
import tempfile

from hodoku import Solver

# HoDoKu's step types, as hodoku-py names them, and the ids of RATING.md's table.
IDS = {
    "FULL_HOUSE": "full-house",
    "NAKED_SINGLE": "naked-single",
    "HIDDEN_SINGLE": "hidden-single",
    "LOCKED_PAIR": "locked-pair",
    "LOCKED_TRIPLE": "locked-triple",
    "LOCKED_CANDIDATES_1": "locked-candidates-pointing",
    "LOCKED_CANDIDATES_2": "locked-candidates-claiming",
    "NAKED_PAIR": "naked-pair",
    "NAKED_TRIPLE": "naked-triple",
    "HIDDEN_PAIR": "hidden-pair",
    "HIDDEN_TRIPLE": "hidden-triple",
    "NAKED_QUADRUPLE": "naked-quadruple",
    "HIDDEN_QUADRUPLE": "hidden-quadruple",
    "X_WING": "x-wing",
    "SWORDFISH": "swordfish",
    "JELLYFISH": "jellyfish",
    "REMOTE_PAIR": "remote-pair",
    "BUG_PLUS_1": "bug-plus-1",
    "SKYSCRAPER": "skyscraper",
    "TWO_STRING_KITE": "two-string-kite",
    "TURBOT_FISH": "turbot-fish",
    "EMPTY_RECTANGLE": "empty-rectangle",
    "W_WING": "w-wing",
    "XY_WING": "xy-wing",
    "XYZ_WING": "xyz-wing",
    "UNIQUENESS_1": "uniqueness-test-1",
    "UNIQUENESS_2": "uniqueness-test-2",
    "UNIQUENESS_3": "uniqueness-test-3",
    "UNIQUENESS_4": "uniqueness-test-4",
    "UNIQUENESS_5": "uniqueness-test-5",
    "UNIQUENESS_6": "uniqueness-test-6",
    "HIDDEN_RECTANGLE": "hidden-rectangle",
    "AVOIDABLE_RECTANGLE_1": "avoidable-rectangle-type-1",
    "AVOIDABLE_RECTANGLE_2": "avoidable-rectangle-type-2",
    "FINNED_X_WING": "finned-x-wing",
    "SASHIMI_X_WING": "sashimi-x-wing",
    "FINNED_SWORDFISH": "finned-swordfish",
    "SASHIMI_SWORDFISH": "sashimi-swordfish",
    "FINNED_JELLYFISH": "finned-jellyfish",
    "SASHIMI_JELLYFISH": "sashimi-jellyfish",
    "SUE_DE_COQ": "sue-de-coq",
    "SIMPLE_COLORS_TRAP": "simple-colors",
    "SIMPLE_COLORS_WRAP": "simple-colors",
    "MULTI_COLORS_1": "multi-colors",
    "MULTI_COLORS_2": "multi-colors",
    "X_CHAIN": "x-chain",
    "XY_CHAIN": "xy-chain",
    "CONTINUOUS_NICE_LOOP": "nice-loop",
    "DISCONTINUOUS_NICE_LOOP": "nice-loop",
    "AIC": "nice-loop",
    "GROUPED_CONTINUOUS_NICE_LOOP": "grouped-nice-loop",
    "GROUPED_DISCONTINUOUS_NICE_LOOP": "grouped-nice-loop",
    "GROUPED_AIC": "grouped-nice-loop",
    "ALS_XZ": "als-xz",
    "ALS_XY_WING": "als-xy-wing",
    "ALS_XY_CHAIN": "als-xy-chain",
    "FRANKEN_X_WING": "franken-x-wing",
    "FRANKEN_SWORDFISH": "franken-swordfish",
    "FINNED_FRANKEN_X_WING": "finned-franken-x-wing",
    "FINNED_FRANKEN_SWORDFISH": "finned-franken-swordfish",
    "FORCING_CHAIN_CONTRADICTION": "forcing-chain",
    "FORCING_CHAIN_VERITY": "forcing-chain",
    "FORCING_NET_CONTRADICTION": "forcing-net",
    "FORCING_NET_VERITY": "forcing-net",
}

CELL = re.compile(r"r(\d+)c(\d+)")


def cell_index(name):
    r, c = CELL.fullmatch(name).groups()
    return (int(r) - 1) * 9 + int(c) - 1


def run_on(binary, lines, *args):
    """Runs `BINARY ARGS FILE` on a temporary file of `lines` and returns its stdout."""
    with tempfile.NamedTemporaryFile("w", suffix=".sudoku") as f:
        f.write("\n".join(lines) + "\n")
        f.flush()
        return subprocess.run(
            [binary, *args, f.name], capture_output=True, text=True, check=False
        ).stdout


def explain(binary, lines, *flags):
    """`explain --format json` of each line: its puzzles' JSON objects, in order."""
    out = run_on(binary, lines, "explain", *flags, "--format", "json")
    return json.loads(out)["files"][0]["puzzles"]


def ours(puzzles):
    """Each puzzle's steps (explain's JSON) as (technique, placements, eliminations), both sets
    of (cell, digit)."""
    result = []
    for puzzle in puzzles:
        steps = []
        for s in puzzle["steps"]:
            place = {(cell_index(p["cell"]), int(p["digit"])) for p in s["placements"]}
            elim = {
                (cell_index(e["cell"]), int(d)) for e in s["eliminations"] for d in e["digits"]
            }
            # A placement removes the cell's other digits.
            elim |= {(c, e) for c, d in place for e in range(1, 10) if e != d}
            steps.append((s["technique"], place, elim))
        result.append(steps)
    return result


def theirs(solver, position):
    """HoDoKu's steps in the position whose technique is in the table, as (technique, placements,
    eliminations, HoDoKu's text) with (cell, digit) pairs in lists."""
    steps = []
    for s in solver.find_all_steps(position):
        tech = IDS.get(s.type.name)
        if tech is None:
            continue
        elim = sorted((c.index, c.value) for c in s.candidates_to_delete)
        place = [] if elim else sorted(zip(s.indices, s.values))
        steps.append((tech, place, elim, str(s)))
    return steps


def load_cache(path, key="position", value="steps"):
    """The JSON lines of FILE as {entry[key]: entry[value]}; empty without a file."""
    cache = {}
    if path:
        try:
            for line in open(path):
                entry = json.loads(line)
                cache[entry[key]] = entry[value]
        except FileNotFoundError:
            pass
    return cache


def cached(cache, path, key, value, name, make):
    """cache[name], made by `make()` and appended to FILE (as {key: name, value: ...}) when
    missing."""
    if name not in cache:
        cache[name] = make()
        if path:
            with open(path, "a") as f:
                f.write(json.dumps({key: name, value: cache[name]}) + "\n")
    return cache[name]


def main():
    binary, path = sys.argv[1], sys.argv[2]
    details = int(sys.argv[sys.argv.index("--details") + 1]) if "--details" in sys.argv else 10
    cache_path = sys.argv[sys.argv.index("--cache") + 1] if "--cache" in sys.argv else None
    positions = [line.split()[0] for line in open(path) if line.strip()]
    mine = ours(explain(binary, positions, "--all-steps"))
    cache = load_cache(cache_path)
    solver = Solver()
    counts = collections.defaultdict(collections.Counter)
    missed = []
    # For the "other" steps: which of our techniques covered them, and (with --why TECH) some.
    why = sys.argv[sys.argv.index("--why") + 1] if "--why" in sys.argv else None
    others = collections.defaultdict(collections.Counter)
    other_texts = []
    for i, position in enumerate(positions):
        steps = cached(
            cache, cache_path, "position", "steps", position, lambda: theirs(solver, position)
        )
        for tech, place, elim, text in steps:
            place = {tuple(x) for x in place}
            elim = {tuple(x) for x in elim}
            if any(t == tech and place <= p and elim <= e for t, p, e in mine[i]):
                counts[tech]["covered"] += 1
            elif any(place <= p and elim <= e for _, p, e in mine[i]):
                counts[tech]["other"] += 1
                by = sorted({t for t, p, e in mine[i] if place <= p and elim <= e})
                others[tech][", ".join(by)] += 1
                if tech == why and len(other_texts) < details:
                    other_texts.append((i, text, by))
            else:
                counts[tech]["missed"] += 1
                missed.append((i, tech, text))
        print(f"position {i + 1}/{len(positions)}", file=sys.stderr, flush=True)
    print(f"{'technique':28} {'HoDoKu':>7} {'covered':>8} {'other':>6} {'missed':>7}")
    for tech in sorted(counts, key=lambda t: -sum(counts[t].values())):
        c = counts[tech]
        total = sum(c.values())
        print(f"{tech:28} {total:7} {c['covered']:8} {c['other']:6} {c['missed']:7}")
    for i, tech, text in missed[:details]:
        print(f"missed in position {i + 1} ({positions[i]}): {tech}: {text}")
    if why:
        print(f"{why} covered by other techniques: {dict(others[why].most_common())}")
        for i, text, by in other_texts:
            print(f"other in position {i + 1} ({positions[i]}): {text} <- {', '.join(by)}")


if __name__ == "__main__":
    main()
