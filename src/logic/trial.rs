//! Trial, the last resort (docs/rating.md): assume a candidate, search on until the assumption
//! fails, and remove it. In a puzzle with one solution every candidate that is not the
//! solution's fails, so trial always finds something there; it needs no known solution.
//!
//! Of the candidates that fail, the one whose failure takes the least search is chosen: cells
//! with the fewest candidates are tried first, and a failure found by singles alone ends the
//! choice at once. A search that comes upon a solution keeps it: the assumptions that solution
//! holds cannot fail, so they are not searched (the choice is the same, for less search).

use crate::grid::{bit, digits};

use super::marks::Marks;
use super::{step::say, Finder, State, Step, Technique};

/// The most search nodes one assumption may cost before it is left undecided.
const NODE_BUDGET: u64 = 20_000;

pub(super) fn trial(f: &mut Finder<'_>) {
    let s = f.state;
    let Some((_, cell, d)) = cheapest_failure(s, true).0 else {
        return;
    };
    let text = say(|| {
        format!(
            "If {} were {}, the puzzle would have no solution, so {} is not {}.",
            s.name(cell),
            s.sym(d),
            s.name(cell),
            s.sym(d)
        )
    });
    let step = Step::new(Technique::Trial, text)
        .eliminate([(cell, bit(d))])
        .cells([cell]);
    f.add(step);
}

/// The assumption whose failure takes the fewest search nodes, as (nodes, cell, digit), and how
/// many assumptions were not searched because a solution found before holds them (only when
/// `skip_held`; the choice is the same without).
fn cheapest_failure(s: &State, skip_held: bool) -> (Option<(u64, usize, u8)>, usize) {
    let mut cells: Vec<usize> = s.empty_cells().filter(|&c| s.cands(c) != 0).collect();
    cells.sort_by_key(|&c| (s.cands(c).count_ones(), c));
    // (nodes, cell, digit) of the cheapest failure so far.
    let mut best: Option<(u64, usize, u8)> = None;
    // In a state broken already every assumption fails at once; otherwise a state on the way
    // is broken exactly when its changes made a break (see `State::apply_checked`).
    let sound = (!s.is_broken()).then_some(s.breaks());
    let mut width = 0;
    // A sound state that fits bit boards is searched on those (the same nodes, see `marks`).
    let marks = sound.and_then(|_| Marks::of(s));
    // The digits placed by the solutions the searches came upon: an assumption one of them
    // holds cannot fail (the search would find that solution or run out of budget), so it is
    // not searched.
    let mut solutions: Vec<[u128; 9]> = Vec::new();
    let mut skipped = 0;
    for cell in cells {
        let count = s.cands(cell).count_ones();
        // Only widen to cells with more candidates when the narrower ones gave nothing.
        if best.is_some() && count > width {
            break;
        }
        width = count;
        for d in digits(s.cands(cell)) {
            let held = |placed: &[u128; 9]| placed[usize::from(d) - 1] >> cell & 1 != 0;
            if skip_held && solutions.iter().any(held) {
                skipped += 1;
                continue;
            }
            let mut budget = NODE_BUDGET.min(best.map_or(NODE_BUDGET, |b| b.0));
            let start = budget;
            let outcome = match &marks {
                Some(m) => {
                    let mut test = *m;
                    if test.place(s, cell, usize::from(d) - 1) {
                        search_marks(&mut test, s, &mut budget, &mut solutions)
                    } else {
                        Some(false)
                    }
                }
                None => {
                    let mut test = s.fork();
                    test.place(cell, d);
                    search(&mut test, &mut budget, sound)
                }
            };
            if outcome == Some(false) {
                let nodes = start - budget;
                if best.is_none_or(|b| nodes < b.0) {
                    best = Some((nodes, cell, d));
                }
                if nodes == 0 {
                    break;
                }
            }
        }
        if best.is_some_and(|b| b.0 == 0) {
            break;
        }
    }
    (best, skipped)
}

/// [`search`] on bit boards, from a sound state: the same answer after the same nodes. A
/// solution found is added to `solutions` (the digits the marks placed).
fn search_marks(
    m: &mut Marks,
    s: &State,
    budget: &mut u64,
    solutions: &mut Vec<[u128; 9]>,
) -> Option<bool> {
    if !m.fill(s) {
        return Some(false);
    }
    let n = s.size();
    let Some(cell) = m.fewest(n) else {
        solutions.push(m.placed);
        return Some(true);
    };
    for d in digits(m.cands(cell, n)) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next = *m;
        if !next.place(s, cell, usize::from(d) - 1) {
            continue;
        }
        match search_marks(&mut next, s, budget, solutions) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => return None,
        }
    }
    Some(false)
}

/// Whether `s` has a solution: `Some(true)`, `Some(false)`, or `None` when the budget (in search
/// nodes, each one guess) ran out first. Singles are filled in between guesses; guesses go to a
/// cell with the fewest candidates. `sound` is the break count of the sound state the search
/// started from (`None` when it was broken): a state with more breaks is broken.
fn search(s: &mut State, budget: &mut u64, sound: Option<u32>) -> Option<bool> {
    if sound != Some(s.breaks()) || !s.fill_singles() {
        return Some(false);
    }
    let Some(cell) = s
        .empty_cells()
        .min_by_key(|&c| (s.cands(c).count_ones(), c))
    else {
        return Some(true);
    };
    for d in digits(s.cands(cell)) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next = s.fork();
        next.place(cell, d);
        match search(&mut next, budget, sound) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => return None,
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Passing by the assumptions that a solution found before holds chooses what searching
    /// every one does, on the stalls of the extreme puzzles' paths, where trial searches long.
    #[test]
    fn assumptions_a_found_solution_holds_are_not_needed() {
        let (mut states, mut skipped) = (0, 0);
        for s in super::super::tests::stall_states(5) {
            let (got, passed_by) = cheapest_failure(&s, true);
            assert_eq!(got, cheapest_failure(&s, false).0, "{:?}", s.values());
            states += 1;
            skipped += passed_by;
        }
        assert!(states > 900 && skipped > 1_500, "{states} {skipped}");
    }

    /// On bit boards an assumption takes the same search as on the state: the same answer after
    /// the same nodes (trial keeps the assumption whose failure takes fewest), on the states of
    /// the fixtures' solving paths (sizes up to 9) and on copies with a fifth of their
    /// candidates taken away at random, the solution's too (so that searches fail deep).
    #[test]
    fn bit_boards_search_as_the_state_does() {
        let (mut searches, mut nodes, mut failed, mut undecided) = (0, 0, 0, 0);
        let states = super::super::tests::path_states_and_pruned(11, 3);
        for s in states.iter().filter(|s| !s.is_broken()) {
            // Larger shapes are searched on the state alone.
            let Some(marks) = Marks::of(s) else {
                assert!(s.shape().cells() > 128);
                continue;
            };
            for cell in s.empty_cells().filter(|&c| s.cands(c).count_ones() <= 3) {
                for d in digits(s.cands(cell)) {
                    let mut test = s.fork();
                    test.place(cell, d);
                    let mut budget = 300;
                    let want = search(&mut test, &mut budget, Some(s.breaks()));
                    let mut m = marks;
                    let mut got_budget = 300;
                    let got = if m.place(s, cell, usize::from(d) - 1) {
                        search_marks(&mut m, s, &mut got_budget, &mut Vec::new())
                    } else {
                        Some(false)
                    };
                    assert_eq!((got, got_budget), (want, budget), "{} {d}", s.name(cell));
                    searches += 1;
                    nodes += 300 - budget;
                    failed += usize::from(want == Some(false));
                    undecided += usize::from(want.is_none());
                }
            }
        }
        assert!(
            searches > 100_000 && nodes > 500_000 && failed > 50_000 && undecided > 10,
            "{searches} {nodes} {failed} {undecided}"
        );
    }
}
