//! Trial, the last resort (docs/rating.md): assume a candidate, search on until the assumption
//! fails, and remove it. In a puzzle with one solution every candidate that is not the
//! solution's fails, so trial always finds something there; it needs no known solution.
//!
//! Of the candidates that fail, the one whose failure takes the least search is chosen: cells
//! with the fewest candidates are tried first, and a failure found by singles alone ends the
//! choice at once.

use crate::grid::{bit, digits};

use super::{step::say, Finder, State, Step, Technique};

/// The most search nodes one assumption may cost before it is left undecided.
const NODE_BUDGET: u64 = 20_000;

pub(super) fn trial(f: &mut Finder<'_>) {
    let s = f.state;
    let mut cells: Vec<usize> = s.empty_cells().filter(|&c| s.cands(c) != 0).collect();
    cells.sort_by_key(|&c| (s.cands(c).count_ones(), c));
    // (nodes, cell, digit) of the cheapest failure so far.
    let mut best: Option<(u64, usize, u8)> = None;
    let mut width = 0;
    for cell in cells {
        let count = s.cands(cell).count_ones();
        // Only widen to cells with more candidates when the narrower ones gave nothing.
        if best.is_some() && count > width {
            break;
        }
        width = count;
        for d in digits(s.cands(cell)) {
            let mut test = s.clone();
            test.place(cell, d);
            let mut budget = NODE_BUDGET.min(best.map_or(NODE_BUDGET, |b| b.0));
            let start = budget;
            if search(&mut test, &mut budget) == Some(false) {
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
    let Some((_, cell, d)) = best else {
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

/// Fills in singles until none is left. False when the state breaks on the way.
pub(super) fn propagate(s: &mut State) -> bool {
    loop {
        if s.is_broken() {
            return false;
        }
        let mut progress = false;
        for cell in 0..s.shape().cells() {
            if s.value(cell) == 0 && s.cands(cell).count_ones() == 1 {
                let d = s.cands(cell).trailing_zeros() as u8 + 1;
                s.place(cell, d);
                progress = true;
            }
        }
        for u in 0..s.unit_count() {
            let open = crate::grid::full_mask(s.size()) & !s.placed_in(u);
            for d in digits(open) {
                let places = s.cells_with(u, d);
                if let [cell] = places[..] {
                    if s.value(cell) == 0 {
                        s.place(cell, d);
                        progress = true;
                    }
                }
            }
        }
        if !progress {
            return !s.is_broken();
        }
    }
}

/// Whether `s` has a solution: `Some(true)`, `Some(false)`, or `None` when the budget (in search
/// nodes, each one guess) ran out first. Singles are filled in between guesses; guesses go to a
/// cell with the fewest candidates.
pub(super) fn search(s: &mut State, budget: &mut u64) -> Option<bool> {
    if !propagate(s) {
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
        let mut next = s.clone();
        next.place(cell, d);
        match search(&mut next, budget) {
            Some(true) => return Some(true),
            Some(false) => {}
            None => return None,
        }
    }
    Some(false)
}
