#!/usr/bin/env python3
"""Checks `sudoku-lsp explain --all-steps` on the states of HoDoKu's own solving paths.

Usage: path_vs_hodoku.py BINARY PUZZLES COUNT [--cache FILE] [--details N] [--verify]

For each of the first COUNT puzzles of PUZZLES (81-character lines), hodoku-py (a black box: it is
GPL and stays outside the shipped code) solves the puzzle; the script replays HoDoKu's path and, at
each step whose technique is in RATING.md's table, writes the state before it as a candidate line
(FORMAT.md). There the step's technique is the easiest one HoDoKu found, which is what a person
would be shown. It then asks whether our all-steps list in that state has a step of the same
technique with at least HoDoKu's placements and eliminations ("covered"), one of another technique
("other"), or none ("missed"), and whether our `explain` of the state takes a step of the same
technique first ("first"), and whether that first step is HoDoKu's very instance, with the same
placements and eliminations ("same"). Prints one row per technique, then up to N steps not covered.

--cache keeps HoDoKu's paths (JSON lines), so a rerun with another build of ours takes seconds.
With --verify, every step of our all-steps lists and of our solving paths from those states is
also checked against the puzzle's solution (from `sudoku-lsp solve`): a placement must be the
solution's digit and no elimination may remove it.
"""
import collections
import sys

from allsteps_vs_hodoku import IDS, cached, cell_index, explain, load_cache, ours, run_on

SINGLES = {"full-house", "naked-single", "hidden-single"}


def peers():
    out = []
    for c in range(81):
        r, k = divmod(c, 9)
        b = (r // 3) * 3 + k // 3
        out.append(
            {
                p
                for p in range(81)
                if p != c
                and (p // 9 == r or p % 9 == k or ((p // 9) // 3) * 3 + (p % 9) // 3 == b)
            }
        )
    return out


PEERS = peers()


def hodoku_path(solver, puzzle):
    """HoDoKu's path as (technique id or HoDoKu's name, placements, eliminations, text)."""
    result = solver.solve(puzzle)
    steps = []
    for s in result.steps:
        tech = IDS.get(s.type.name, s.type.name)
        elim = sorted((c.index, c.value) for c in s.candidates_to_delete)
        place = [] if elim else sorted(zip(s.indices, s.values))
        steps.append((tech, place, elim, str(s)))
    return steps


def states(puzzle, path):
    """Yields (candidate line, step) before every step of the path that is in the table and is
    not a single, replaying the path from the puzzle's givens."""
    cands = [set(range(1, 10)) for _ in range(81)]

    def place(c, d):
        cands[c] = {d}
        for p in PEERS[c]:
            cands[p].discard(d)

    for c, ch in enumerate(puzzle[:81]):
        if ch.isdigit() and ch != "0":
            place(c, int(ch))
    for step in path:
        tech, placements, elims, _ = step
        if tech in IDS.values() and tech not in SINGLES:
            line = "".join(
                "".join(str(d) if d in cands[c] else "." for d in range(1, 10))
                for c in range(81)
            )
            yield line, step
        for c, d in placements:
            place(c, d)
        for c, d in elims:
            cands[c].discard(d)


def removed(line, place, elim):
    """The candidates a step removes from the state `line` (a candidate line): its eliminations,
    and for a placement the cell's other candidates (HoDoKu writes some placements that way)."""
    out = set(elim)
    for c, d in place:
        out |= {(c, e) for e in range(1, 10) if e != d and line[9 * c + e - 1] != "."}
    return out


def verify(binary, puzzles, work, explained):
    """Checks every step of ours (`explained`: our all-steps and our solving path in each state
    of `work`, as explain's JSON) against the puzzle's solution, and prints the false ones."""
    solution = dict(zip(puzzles, run_on(binary, puzzles, "solve").split()))
    checked = false = 0
    for results in explained:
        for p, (_, _, puzzle) in zip(results, work):
            sol = solution[puzzle]
            for st in p["steps"]:
                checked += 1
                wrong = any(sol[cell_index(x["cell"])] != x["digit"] for x in st["placements"])
                wrong |= any(sol[cell_index(x["cell"])] in x["digits"] for x in st["eliminations"])
                if wrong:
                    false += 1
                    print(f"false step: {st['technique']}: {st['explanation']}")
    print(f"verified {checked} steps of ours in {len(work)} states: {false} false")


def main():
    binary, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    details = int(sys.argv[sys.argv.index("--details") + 1]) if "--details" in sys.argv else 10
    cache_path = sys.argv[sys.argv.index("--cache") + 1] if "--cache" in sys.argv else None
    puzzles = [l[:81] for l in open(path) if len(l) >= 81 and not l.startswith("#")][:count]
    cache = load_cache(cache_path, "puzzle", "path")
    from hodoku import Solver

    solver = Solver()
    work = []
    for i, puzzle in enumerate(puzzles):
        path = cached(
            cache, cache_path, "puzzle", "path", puzzle, lambda: hodoku_path(solver, puzzle)
        )
        print(f"puzzle {i + 1}/{len(puzzles)}", file=sys.stderr, flush=True)
        work.extend((line, step, puzzle) for line, step in states(puzzle, path))
    lines = [line for line, _, _ in work]
    all_steps = explain(binary, lines, "--all-steps")
    paths = explain(binary, lines)
    mine = ours(all_steps)
    firsts = [p["steps"][0]["technique"] if p["steps"] else None for p in paths]
    # Our first step's own placements and eliminations, to tell whether it is HoDoKu's instance.
    first_effects = [
        (
            {(cell_index(x["cell"]), int(x["digit"])) for x in p["steps"][0]["placements"]},
            {(cell_index(e["cell"]), int(d)) for e in p["steps"][0]["eliminations"] for d in e["digits"]},
        )
        if p["steps"]
        else None
        for p in paths
    ]
    counts = collections.defaultdict(collections.Counter)
    notes = []
    for (line, (tech, place, elim, text), _), steps, first, effect in zip(
        work, mine, firsts, first_effects
    ):
        place = {tuple(x) for x in place}
        elim = {tuple(x) for x in elim}
        c = counts[tech]
        if any(t == tech and place <= p and elim <= e for t, p, e in steps):
            c["covered"] += 1
        elif any(place <= p and elim <= e for _, p, e in steps):
            c["other"] += 1
            by = sorted({t for t, p, e in steps if place <= p and elim <= e})
            notes.append((tech, f"other ({', '.join(by)})", text, line))
        else:
            c["missed"] += 1
            notes.append((tech, "missed", text, line))
        c["first"] += first == tech
        c["same"] += first == tech and effect is not None and removed(line, *effect) == removed(
            line, place, elim
        )
    print(
        f"{'technique':28} {'HoDoKu':>7} {'covered':>8} {'other':>6} {'missed':>7} {'first':>6} "
        f"{'same':>6}"
    )
    total = collections.Counter()
    for tech in sorted(counts, key=lambda t: -sum(counts[t][k] for k in ("covered", "other", "missed"))):
        c = counts[tech]
        n = c["covered"] + c["other"] + c["missed"]
        total.update(c)
        total["all"] += n
        print(
            f"{tech:28} {n:7} {c['covered']:8} {c['other']:6} {c['missed']:7} {c['first']:6} "
            f"{c['same']:6}"
        )
    print(
        f"{'all':28} {total['all']:7} {total['covered']:8} {total['other']:6} "
        f"{total['missed']:7} {total['first']:6} {total['same']:6}"
    )
    for tech, kind, text, line in notes[:details]:
        print(f"{kind}: {tech}: {text}\n  {line}")
    if "--verify" in sys.argv:
        verify(binary, puzzles, work, [all_steps, paths])


if __name__ == "__main__":
    main()
