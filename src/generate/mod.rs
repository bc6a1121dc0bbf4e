//! Making new puzzles: a random completed grid, then givens taken away in random order (a
//! symmetric orbit at a time) while the solution stays unique, until none can go (a minimal
//! puzzle); with a level asked for, puzzles are made until one rates at that level.
//!
//! Everything random comes from [`Rng`], seeded from the run's seed and the puzzle's index, so
//! a seed gives the same puzzles on every machine and with any number of threads.

mod fill;
mod rng;
mod symmetry;

pub use fill::random_solution;
pub use rng::Rng;
pub use symmetry::Symmetry;

use crate::grid::{Grid, Shape};
use crate::logic::{self, Level};
use crate::solver;

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub shape: Shape,
    /// Only puzzles of this level (9x9 only: the rating's score limits assume 81 cells).
    pub level: Option<Level>,
    pub symmetry: Symmetry,
    pub seed: u64,
}

impl Options {
    /// Why these options cannot be met, if they cannot.
    pub fn refusal(&self) -> Option<String> {
        (self.level.is_some() && self.shape.size != 9).then(|| {
            format!(
                "--level is only supported for 9x9 puzzles (the rating's levels are calibrated \
                 on 9x9), not {}",
                self.shape
            )
        })
    }
}

/// A made puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub givens: Vec<u8>,
    pub solution: Vec<u8>,
    /// The level it was made for, when one was asked.
    pub level: Option<Level>,
    /// Minimal puzzles made to find this one (1 without a level).
    pub attempts: u32,
}

/// Puzzle `index` of the run `opts` describes.
pub fn generate(opts: &Options, index: u64) -> Generated {
    let mut rng = Rng::for_item(opts.seed, index);
    // One engine for every attempt at this puzzle, its steps without sentences.
    let mut engine = logic::Engine::quiet();
    let mut attempts = 0;
    loop {
        attempts += 1;
        let solution = random_solution(opts.shape, &mut rng);
        let givens = minimal(opts.shape, &solution, opts.symmetry, &mut rng);
        if opts
            .level
            .is_none_or(|level| rates_as(&mut engine, opts.shape, &givens, level))
        {
            return Generated {
                givens,
                solution,
                level: opts.level,
                attempts,
            };
        }
    }
}

/// True when `values` has exactly one solution, decided within the default budget.
pub fn is_unique(shape: Shape, values: &[u8]) -> bool {
    is_unique_within(shape, values, solver::default_budget(shape))
}

/// True when `values` is proven to have exactly one solution within `budget` guesses.
fn is_unique_within(shape: Shape, values: &[u8], budget: u64) -> bool {
    let out = solver::count_values(shape, values, 2, budget);
    out.complete && out.count == 1
}

/// The search budget of one removal while a puzzle is made: the default on the fast 9x9
/// engine; on the general one a small budget, so that a 25x25 puzzle (625 searches) takes
/// seconds, not minutes. A removal left undecided keeps its given: the puzzle stays proper,
/// but may then not be minimal.
fn removal_budget(shape: Shape) -> u64 {
    if solver::is_fast(shape) {
        solver::DEFAULT_BUDGET
    } else {
        GENERAL_REMOVAL_BUDGET
    }
}

/// See [`removal_budget`].
const GENERAL_REMOVAL_BUDGET: u64 = 200;

/// Takes givens of `solution` away, one symmetric orbit at a time in random order, while the
/// puzzle keeps a unique solution. One pass suffices: an orbit that could not go while more
/// givens stood cannot go once fewer do.
pub fn minimal(shape: Shape, solution: &[u8], symmetry: Symmetry, rng: &mut Rng) -> Vec<u8> {
    let mut values = solution.to_vec();
    let mut orbits = symmetry.orbits(shape);
    rng.shuffle(&mut orbits);
    let budget = removal_budget(shape);
    for orbit in &orbits {
        for &c in orbit {
            values[c] = 0;
        }
        if !is_unique_within(shape, &values, budget) {
            for &c in orbit {
                values[c] = solution[c];
            }
        }
    }
    values
}

/// True when the puzzle (known to be unique) rates at `target`, as `check` rates it. The path
/// stops as soon as its level passes the target (or reaches extreme, the top), so most puzzles
/// of another level cost only the first steps.
pub fn rates_as(engine: &mut logic::Engine, shape: Shape, values: &[u8], target: Level) -> bool {
    let Some(grid) = Grid::from_values(shape, values.to_vec()) else {
        return false;
    };
    let state = engine.begin_state(logic::State::new(&grid));
    rates_from(engine, state, shape, target)
}

/// [`rates_as`] from the starting state, in `engine` (a quiet one: the steps' sentences are
/// not needed).
fn rates_from(
    engine: &mut logic::Engine,
    mut state: logic::State,
    shape: Shape,
    target: Level,
) -> bool {
    let opts = logic::Options::default();
    let mut steps = Vec::new();
    let mut broken = state.is_broken();
    while !state.is_solved() && !broken {
        let Some(step) = engine.next_step(&state, &opts) else {
            return false;
        };
        broken = state.apply_checked(&step);
        steps.push(step);
        let level = logic::rate(&steps, shape.size == 9).map_or(Level::Easy, |r| r.level);
        if level > target || level == Level::Extreme {
            return level == target;
        }
    }
    let level = logic::rate(&steps, shape.size == 9).map_or(Level::Easy, |r| r.level);
    state.is_solved() && !broken && level == target
}

#[cfg(test)]
mod tests;
