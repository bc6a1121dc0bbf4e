//! Solution counting: elimination, the unique-place rule, naked subsets, then search on the cell
//! with the fewest candidates. One entry point, [`count_solutions`], for every size.

use crate::grid::Grid;

pub mod fast9;

/// The default search budget, in search steps (guesses). A verdict never depends on the machine.
pub const DEFAULT_BUDGET: u64 = 1_000_000;

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found, at most the limit asked for.
    pub count: usize,
    /// False when the budget ran out before the count was decided.
    pub complete: bool,
    /// The first solution found.
    pub first: Option<Vec<u8>>,
    /// A second solution, different from the first, when there are several.
    pub second: Option<Vec<u8>>,
    /// Search steps spent.
    pub steps: u64,
}

/// Counts the solutions of `grid` up to `limit` with the default budget.
pub fn count_solutions(grid: &Grid, limit: usize) -> Outcome {
    count_solutions_with_budget(grid, limit, DEFAULT_BUDGET)
}

/// Counts the solutions of `grid` up to `limit`, giving up after `budget` search steps.
pub fn count_solutions_with_budget(grid: &Grid, limit: usize, budget: u64) -> Outcome {
    let _ = (grid, limit, budget);
    Outcome {
        count: 0,
        complete: false,
        first: None,
        second: None,
        steps: 0,
    }
}
