//! The logic engine: solves the way a person does, one technique at a time, easiest first, and
//! records every step (docs/rating.md). Protocol-neutral like the rest of the core.
//!
//! - [`State`]: placed digits and the candidates of every other cell.
//! - [`Step`]: one deduction as data (technique, placements, eliminations, pattern, sentence).
//! - [`next_step`]: the easiest step available; [`all_steps`]: every step available;
//!   [`solve`]: the whole path, which [`rate`] turns into a score and a level.
//! - One file per technique family: `singles.rs`, `intersections.rs`, `subsets.rs`, ...,
//!   `trial.rs` (the last resort). A family finds its technique's instances and hands each to a
//!   [`Finder`], which keeps the first or collects them all.
//!
//! Every step must be true: a placement is the solution's digit and an elimination never
//! removes it. Techniques never look at a known solution.

mod intersections;
pub mod rating;
mod singles;
mod state;
mod step;
mod subsets;
mod technique;
#[cfg(test)]
mod tests;
mod trial;

use std::collections::HashSet;

pub use rating::{rate, Level, Rating};
pub use state::State;
pub use step::Step;
pub use technique::Technique;

use crate::grid::Mask;

/// What the engine may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The puzzle is known to have exactly one solution, so uniqueness techniques are valid.
    pub unique: bool,
    /// Trial may be used when nothing else applies.
    pub trial: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unique: true,
            trial: true,
        }
    }
}

impl Options {
    fn allows(&self, t: Technique) -> bool {
        (self.unique || !t.needs_uniqueness()) && (self.trial || t != Technique::Trial)
    }
}

/// What a step does: its placements and its eliminations.
type Effect = (Vec<(usize, u8)>, Vec<(usize, Mask)>);

/// Collects the steps a technique finds: the first only, or up to a limit of distinct ones.
pub(crate) struct Finder<'a> {
    pub state: &'a State,
    limit: usize,
    steps: Vec<Step>,
    /// The (placements, eliminations) already collected, so the same deduction found from
    /// another pattern is kept once.
    seen: HashSet<Effect>,
}

impl<'a> Finder<'a> {
    fn new(state: &'a State, limit: usize) -> Self {
        Finder {
            state,
            limit,
            steps: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// Offers a step. Steps that change nothing are dropped. Returns true when the finder has
    /// enough and the technique should stop searching.
    pub fn add(&mut self, step: Step) -> bool {
        if self.state.changes(&step)
            && self
                .seen
                .insert((step.placements.clone(), step.eliminations.clone()))
        {
            self.steps.push(step);
        }
        self.done()
    }

    /// True when no more steps are wanted.
    pub fn done(&self) -> bool {
        self.steps.len() >= self.limit
    }
}

/// Runs one technique. Techniques of the ladder that this engine does not know yet find nothing.
fn find(t: Technique, f: &mut Finder<'_>) {
    use Technique::*;
    match t {
        FullHouse => singles::full_house(f),
        NakedSingle => singles::naked_single(f),
        HiddenSingle => singles::hidden_single(f),
        LockedPair => intersections::locked_subset(f, 2),
        LockedTriple => intersections::locked_subset(f, 3),
        LockedCandidatesPointing => intersections::pointing(f),
        LockedCandidatesClaiming => intersections::claiming(f),
        NakedPair => subsets::naked(f, 2),
        NakedTriple => subsets::naked(f, 3),
        NakedQuadruple => subsets::naked(f, 4),
        HiddenPair => subsets::hidden(f, 2),
        HiddenTriple => subsets::hidden(f, 3),
        HiddenQuadruple => subsets::hidden(f, 4),
        Trial => trial::trial(f),
        _ => {}
    }
}

/// The easiest step available in `state`: the first technique of the ladder that finds one.
pub fn next_step(state: &State, opts: &Options) -> Option<Step> {
    Technique::ALL
        .iter()
        .filter(|&&t| opts.allows(t))
        .find_map(|&t| {
            let mut f = Finder::new(state, 1);
            find(t, &mut f);
            f.steps.pop()
        })
}

/// The most steps [`all_steps`] lists per technique.
pub const ALL_STEPS_LIMIT: usize = 100;

/// Every step available in `state`, technique by technique (at most [`ALL_STEPS_LIMIT`] each),
/// without trial.
pub fn all_steps(state: &State, opts: &Options) -> Vec<Step> {
    let opts = Options {
        trial: false,
        ..*opts
    };
    let mut out = Vec::new();
    for &t in Technique::ALL.iter().filter(|&&t| opts.allows(t)) {
        let mut f = Finder::new(state, ALL_STEPS_LIMIT);
        find(t, &mut f);
        out.append(&mut f.steps);
    }
    out
}

/// A solving path.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<Step>,
    /// The state after the last step.
    pub end: State,
    /// True when the path ends with every cell filled.
    pub solved: bool,
}

/// Solves from `state` step by step, always with the easiest step available, until the grid is
/// full or nothing applies (no step, or a broken state).
pub fn solve(state: State, opts: &Options) -> Path {
    let mut state = state;
    let mut steps = Vec::new();
    // Every step places a digit or removes a candidate, so a path is at most this long.
    let bound = state.shape().cells() * (state.size() + 1);
    while !state.is_solved() && steps.len() < bound && !state.is_broken() {
        let Some(step) = next_step(&state, opts) else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    let solved = state.is_solved() && !state.is_broken();
    Path {
        steps,
        end: state,
        solved,
    }
}
