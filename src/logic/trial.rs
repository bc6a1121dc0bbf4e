//! Trial, the last resort (docs/rating.md): assume a candidate, search on until the assumption
//! fails, and remove it. In a puzzle with one solution every candidate that is not the
//! solution's fails, so trial always finds something there; it needs no known solution.
//!
//! Of the candidates that fail, the one whose failure takes the least search is chosen: cells
//! with the fewest candidates are tried first, and a failure found by singles alone ends the
//! choice at once. A search that comes upon a solution keeps it: the assumptions that solution
//! holds cannot fail, so they are not searched; and a search stops as soon as its budget is
//! below the guesses a failure would still take (the choice is the same, for less search).

use crate::grid::{bit, digits};

use super::marks::Marks;
use super::{step::say, Finder, Part, State, Step, Technique};

/// The most search nodes one assumption may cost before it is left undecided.
const NODE_BUDGET: u64 = 20_000;

pub(super) fn trial(f: &mut Finder<'_>) {
    let quiet = f.quiet();
    let s = f.state;
    let Some((_, cell, d)) = cheapest_failure(s, true).0 else {
        return;
    };
    let text = say(quiet, || {
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
        .cells([cell])
        .figure(quiet, |fig| fig.role(Part::Assumption, [cell], bit(d)));
    f.add(step);
}

/// The assumption whose failure takes the fewest search nodes, as (nodes, cell, digit), and how
/// many assumptions were not searched because a solution found before holds them. With
/// `shortcuts` (the choice is the same without): those assumptions are passed by, and a
/// search stops as soon as its budget cannot pay for the guesses a failure still needs (see
/// [`search_marks`]).
fn cheapest_failure(s: &State, shortcuts: bool) -> (Option<(u64, usize, u8)>, usize) {
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
            if shortcuts && solutions.iter().any(held) {
                skipped += 1;
                continue;
            }
            // Only a failure in fewer nodes than the best so far replaces it.
            let mut budget = match best {
                None => NODE_BUDGET,
                Some(b) if shortcuts => b.0.saturating_sub(1),
                Some(b) => b.0,
            };
            let start = budget;
            let reserve = shortcuts.then_some(0);
            let outcome = match &marks {
                Some(m) => {
                    let mut test = *m;
                    if test.place(s, cell, usize::from(d) - 1) {
                        search_marks(&mut test, s, &mut budget, reserve, &mut solutions)
                    } else {
                        Some(false)
                    }
                }
                None => {
                    let mut test = s.fork();
                    test.place(cell, d);
                    search(&mut test, &mut budget, reserve, sound)
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
///
/// Every guess costs a node, and a failure tries every digit of every cell it guesses in.
/// So with `reserve` given (the digits its callers have yet to try), a search whose budget
/// is less than those and this cell's digits cannot fail: it stops at once, `None`, as it
/// would have when the budget ran out, or after finding a solution; a failure is found after
/// the same nodes. (Without, it searches on until then.)
fn search_marks(
    m: &mut Marks,
    s: &State,
    budget: &mut u64,
    reserve: Option<u64>,
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
    let ds = m.cands(cell, n);
    let mut left = u64::from(ds.count_ones());
    if reserve.is_some_and(|r| *budget < r + left) {
        return None;
    }
    for d in digits(ds) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        left -= 1;
        let mut next = *m;
        if !next.place(s, cell, usize::from(d) - 1) {
            continue;
        }
        match search_marks(&mut next, s, budget, reserve.map(|r| r + left), solutions) {
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
/// started from (`None` when it was broken): a state with more breaks is broken. `reserve`: as
/// for [`search_marks`].
fn search(
    s: &mut State,
    budget: &mut u64,
    reserve: Option<u64>,
    sound: Option<u32>,
) -> Option<bool> {
    if sound != Some(s.breaks()) || !s.fill_singles() {
        return Some(false);
    }
    let Some(cell) = s
        .empty_cells()
        .min_by_key(|&c| (s.cands(c).count_ones(), c))
    else {
        return Some(true);
    };
    let mut left = u64::from(s.cands(cell).count_ones());
    if reserve.is_some_and(|r| *budget < r + left) {
        return None;
    }
    for d in digits(s.cands(cell)) {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        left -= 1;
        let mut next = s.fork();
        next.place(cell, d);
        match search(&mut next, budget, reserve.map(|r| r + left), sound) {
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
    /// candidates taken away at random, the solution's too (so that searches fail deep). Both
    /// with the stop for a budget that cannot pay for a failure and without; with it, a search
    /// fails exactly when it does without, after the same nodes.
    #[test]
    fn bit_boards_search_as_the_state_does() {
        let (mut searches, mut nodes, mut failed, mut undecided, mut cut) = (0, 0, 0, 0, 0);
        let states = super::super::tests::path_states_and_pruned(11, 3);
        for s in states.iter().filter(|s| !s.is_broken()) {
            // Larger shapes are searched on the state alone.
            let Some(marks) = Marks::of(s) else {
                assert!(s.shape().cells() > 128);
                continue;
            };
            for cell in s.empty_cells().filter(|&c| s.cands(c).count_ones() <= 3) {
                for d in digits(s.cands(cell)) {
                    let [plain, stopping] = [None, Some(0)].map(|reserve| {
                        let mut test = s.fork();
                        test.place(cell, d);
                        let mut budget = 300;
                        let want = search(&mut test, &mut budget, reserve, Some(s.breaks()));
                        let mut m = marks;
                        let mut got_budget = 300;
                        let got = if m.place(s, cell, usize::from(d) - 1) {
                            search_marks(&mut m, s, &mut got_budget, reserve, &mut Vec::new())
                        } else {
                            Some(false)
                        };
                        assert_eq!((got, got_budget), (want, budget), "{} {d}", s.name(cell));
                        (want, 300 - budget)
                    });
                    let (want, spent) = plain;
                    assert_eq!(stopping.0 == Some(false), want == Some(false));
                    if want == Some(false) {
                        assert_eq!(stopping.1, spent);
                    }
                    searches += 1;
                    nodes += spent;
                    failed += usize::from(want == Some(false));
                    undecided += usize::from(want.is_none());
                    cut += usize::from(stopping.1 < spent);
                }
            }
        }
        assert!(
            searches > 100_000 && nodes > 500_000 && failed > 50_000 && undecided > 20 && cut > 20,
            "{searches} {nodes} {failed} {undecided} {cut}"
        );
    }
}
