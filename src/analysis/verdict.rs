//! `no-solution`, `multiple-solutions` and `search-gave-up`: what the search says about a puzzle
//! whose givens show no contradiction directly. Each sits on the puzzle's first grid line. A
//! pencil-mark puzzle is its state: [`within_marks`] counts the fillings its marks allow.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::{bit, Mask};
use crate::solver::{count_within, default_budget, Outcome};

/// Reports what the search `outcome` says when it is not exactly one solution.
pub(super) fn check(ctx: &PuzzleCtx, outcome: &Outcome, out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let shape = p.shape;
    let at = p.first_line;
    if !outcome.complete && outcome.count < 2 {
        out.push(
            Finding::new(
                Code::SearchGaveUp,
                at,
                format!(
                    "the search gave up after {} steps without deciding whether this {}x{} puzzle \
                     has a unique solution",
                    outcome.steps, shape.size, shape.size
                ),
            )
            .in_puzzle(p.index),
        );
        return;
    }
    match (outcome.count, &outcome.first, &outcome.second) {
        (0, _, _) => out.push(
            Finding::new(
                Code::NoSolution,
                at,
                "this puzzle has no solution: every way of filling it runs into a contradiction",
            )
            .in_puzzle(p.index),
        ),
        (n, Some(a), Some(b)) if n >= 2 => {
            let differ: Vec<usize> = (0..a.len().min(b.len()))
                .filter(|&c| a[c] != b[c])
                .collect();
            let names: Vec<String> = differ
                .iter()
                .take(8)
                .map(|&c| shape.cell_name(c).to_string())
                .collect();
            let more = differ.len().saturating_sub(names.len());
            let message = format!(
                "this puzzle has more than one solution: two of them differ at {}{}",
                names.join(", "),
                if more > 0 {
                    format!(" and {more} more cells")
                } else {
                    String::new()
                }
            );
            let related = differ
                .iter()
                .map(|&c| Related {
                    elsewhere: None,
                    message: format!(
                        "{} can be {} or {}",
                        shape.cell_name(c),
                        p.alphabet.symbol(a[c]),
                        p.alphabet.symbol(b[c])
                    ),
                    range: p.cells.at(c),
                })
                .collect();
            out.push(
                Finding::new(Code::MultipleSolutions, at, message)
                    .in_puzzle(p.index)
                    .with_related(related),
            );
        }
        _ => {}
    }
}

/// The outcome on a pencil-mark puzzle (docs/format.md#pencil-mark-grids): its solutions are
/// the fillings that agree with every solved cell and every cell's marks. `solved_only` is the
/// count on the solved cells alone (what the cache keeps, since it depends on them only): a
/// solution of the state is one of theirs, so when they have none or one, checking that one
/// against the marks decides; only when they have several is the state counted, by the general
/// engine started from the marks.
pub(super) fn within_marks(ctx: &PuzzleCtx, marks: &[Mask], solved_only: &Outcome) -> Outcome {
    let p = ctx.puzzle;
    if !solved_only.complete && solved_only.count < 2 {
        return solved_only.clone();
    }
    match (solved_only.count, &solved_only.first) {
        (0, _) => solved_only.clone(),
        (1, Some(s)) if fits_marks(s, marks) => solved_only.clone(),
        (1, _) => Outcome {
            count: 0,
            complete: true,
            first: None,
            second: None,
            steps: solved_only.steps,
        },
        _ => count_within(p.shape, &p.givens, marks, 2, default_budget(p.shape)),
    }
}

/// Whether `solution` puts in every cell one of its `marks`.
pub(super) fn fits_marks(solution: &[u8], marks: &[Mask]) -> bool {
    solution.len() == marks.len() && solution.iter().zip(marks).all(|(&v, &m)| m & bit(v) != 0)
}
