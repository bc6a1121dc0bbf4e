//! The logic engine: solves the way a person does, one technique at a time, easiest first, and
//! records every step (docs/rating.md). Protocol-neutral like the rest of the core.
//!
//! - [`State`]: placed digits and the candidates of every other cell.
//! - [`Step`]: one deduction as data (technique, placements, eliminations, pattern, sentence).
//! - [`Engine`]: what a caller holds to solve: it owns the caches one search keeps for the
//!   next. [`Engine::next_step`]: the easiest step available; [`Engine::all_steps`]: every step
//!   available; [`Engine::solve`]: the whole path, which [`rate`] turns into a score and a
//!   level. [`next_step`], [`all_steps`] and [`solve`] do the same with an engine of their own.
//! - One file per technique family: `singles.rs`, `intersections.rs`, `subsets.rs`, ...,
//!   `trial.rs` (the last resort). A family finds its technique's instances and hands each to a
//!   [`Finder`], which keeps the first or collects them all.
//!
//! Every step must be true: a placement is the solution's digit and an elimination never
//! removes it. Techniques never look at a known solution.

mod als;
mod barren;
mod chains;
mod coloring;
mod engine;
#[cfg(test)]
mod figure_tests;
mod fish;
mod forcing;
mod intersections;
mod marks;
pub mod rating;
mod single_digit;
mod singles;
mod state;
mod step;
mod subsets;
mod sue_de_coq;
mod technique;
mod templates;
#[cfg(test)]
mod tests;
mod trial;
mod uniqueness;
mod wings;

use rustc_hash::FxHashSet;

pub use engine::Engine;
pub use rating::{rate, rate_techniques, Level, Rating};
pub use state::State;
pub(crate) use step::and_list;
pub use step::{Figure, Link, Node, Part, Role, Step};
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
type Effect = (step::Placements, Vec<(usize, Mask)>);

/// Collects the steps a technique finds: the first only, or up to a limit of distinct ones.
pub(crate) struct Finder<'a> {
    pub state: &'a State,
    /// The engine searching: its caches and switches.
    pub cx: &'a Engine,
    /// Steps found carry no sentence (see [`step::say`]).
    quiet: bool,
    limit: usize,
    /// The step kept when one is wanted: no vector to allocate at every step of a path.
    one: Option<Step>,
    /// The steps kept when several are wanted (and any a technique offers after the first).
    list: Vec<Step>,
    /// The (placements, eliminations) already collected, so the same deduction found from
    /// another pattern is kept once.
    seen: FxHashSet<Effect>,
    /// The state's cells' counts of candidates, bit-sliced (see [`Finder::count_planes`]),
    /// once asked for: the locked and naked subsets of each size read them at every stall.
    planes: std::cell::OnceCell<Option<[u128; 5]>>,
}

impl<'a> Finder<'a> {
    fn new(cx: &'a Engine, state: &'a State, limit: usize, quiet: bool) -> Self {
        Finder {
            state,
            cx,
            quiet,
            limit,
            one: None,
            list: Vec::new(),
            seen: FxHashSet::default(),
            planes: std::cell::OnceCell::new(),
        }
    }

    /// Each cell's count of candidates, bit-sliced over the digits' boards (`planes[i]`: the
    /// cells whose count has bit `i`), so that all cells are counted at once; `None` for
    /// shapes of more than 128 cells.
    pub fn count_planes(&self) -> Option<[u128; 5]> {
        *self.planes.get_or_init(|| {
            let s = self.state;
            (s.shape().cells() <= 128).then(|| {
                let mut count = [0u128; 5];
                for d in 1..=s.size() as u8 {
                    let mut carry = s.board_bits(d);
                    for plane in count.iter_mut() {
                        (*plane, carry) = (*plane ^ carry, *plane & carry);
                    }
                }
                count
            })
        })
    }

    /// Offers a step. Steps that change nothing are dropped. Returns true when the finder has
    /// enough and the technique should stop searching.
    pub fn add(&mut self, step: Step) -> bool {
        // One step wanted: nothing to tell apart, so nothing is remembered.
        if self.state.changes(&step) {
            if self.limit == 1 {
                // A technique that goes on after `done` puts the step last, as a list would.
                if let Some(kept) = self.one.replace(step) {
                    self.list.push(kept);
                }
            } else if self
                .seen
                .insert((step.placements.clone(), step.eliminations.clone()))
            {
                self.list.push(step);
            }
        }
        self.done()
    }

    /// How many steps the finder holds.
    pub fn count(&self) -> usize {
        self.list.len() + usize::from(self.one.is_some())
    }

    /// The steps found, in the order offered.
    pub fn into_steps(mut self) -> Vec<Step> {
        self.list.extend(self.one.take());
        self.list
    }

    /// The last step found.
    fn last(&mut self) -> Option<Step> {
        self.one.take().or_else(|| self.list.pop())
    }

    /// Offers several instances of a technique at once: in first-step mode only the one that
    /// removes the most candidates (the first of equals), as the rating prefers for fish,
    /// chains and ALS; when collecting every step, all of them. Returns as [`Finder::add`].
    #[allow(dead_code)] // for the fish, chain and ALS families as they land
    pub fn add_best(&mut self, steps: Vec<Step>) -> bool {
        if self.limit == 1 {
            let best = steps.into_iter().filter(|s| self.state.changes(s)).fold(
                None::<Step>,
                |best, s| match best {
                    Some(b)
                        if b.elimination_count() + b.placements.len() as u32 * 100
                            >= s.elimination_count() + s.placements.len() as u32 * 100 =>
                    {
                        Some(b)
                    }
                    _ => Some(s),
                },
            );
            match best {
                Some(step) => self.add(step),
                None => self.done(),
            }
        } else {
            for step in steps {
                if self.add(step) {
                    return true;
                }
            }
            self.done()
        }
    }

    /// True when every instance is wanted (listing all steps), not only the first.
    #[allow(dead_code)] // for the families that must search all instances to pick the best
    pub fn wants_all(&self) -> bool {
        self.limit > 1
    }

    /// True when the steps are found without sentences.
    pub fn quiet(&self) -> bool {
        self.quiet
    }

    /// True when no more steps are wanted.
    pub fn done(&self) -> bool {
        self.count() >= self.limit
    }
}

/// Runs one technique: the one place that maps the ladder to the family files.
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
        XWing => fish::basic(f, 2),
        Swordfish => fish::basic(f, 3),
        Jellyfish => fish::basic(f, 4),
        RemotePair => wings::remote_pair(f),
        BugPlus1 => uniqueness::bug_plus_1(f),
        Skyscraper => single_digit::skyscraper(f),
        TwoStringKite => single_digit::two_string_kite(f),
        TurbotFish => single_digit::turbot_fish(f),
        EmptyRectangle => single_digit::empty_rectangle(f),
        WWing => wings::w_wing(f),
        XyWing => wings::xy_wing(f),
        XyzWing => wings::xyz_wing(f),
        UniquenessTest1 => uniqueness::uniqueness_test(f, 1),
        UniquenessTest2 => uniqueness::uniqueness_test(f, 2),
        UniquenessTest3 => uniqueness::uniqueness_test(f, 3),
        UniquenessTest4 => uniqueness::uniqueness_test(f, 4),
        UniquenessTest5 => uniqueness::uniqueness_test(f, 5),
        UniquenessTest6 => uniqueness::uniqueness_test(f, 6),
        HiddenRectangle => uniqueness::hidden_rectangle(f),
        AvoidableRectangleType1 => uniqueness::avoidable_rectangle(f, 1),
        AvoidableRectangleType2 => uniqueness::avoidable_rectangle(f, 2),
        FinnedXWing => fish::finned(f, 2, false),
        SashimiXWing => fish::finned(f, 2, true),
        FinnedSwordfish => fish::finned(f, 3, false),
        SashimiSwordfish => fish::finned(f, 3, true),
        FinnedJellyfish => fish::finned(f, 4, false),
        SashimiJellyfish => fish::finned(f, 4, true),
        SueDeCoq => sue_de_coq::sue_de_coq(f),
        SimpleColors => coloring::simple_colors(f),
        MultiColors => coloring::multi_colors(f),
        XChain => chains::x_chain(f),
        XyChain => chains::xy_chain(f),
        NiceLoop => chains::nice_loop(f),
        GroupedNiceLoop => chains::grouped_nice_loop(f),
        AlsXz => als::xz(f),
        AlsXyWing => als::xy_wing(f),
        AlsXyChain => als::xy_chain(f),
        FrankenXWing => fish::franken(f, 2),
        FrankenSwordfish => fish::franken(f, 3),
        FinnedFrankenXWing => fish::finned_franken(f, 2),
        FinnedFrankenSwordfish => fish::finned_franken(f, 3),
        ForcingChain => forcing::forcing_chain(f),
        ForcingNet => forcing::forcing_net(f),
        Trial => trial::trial(f),
    }
}

/// The starting state of a parsed puzzle: its givens placed, every other candidate its givens
/// allow, digits named in the puzzle's alphabet. A pencil-mark puzzle starts from its marks
/// (less the digits of solved peers, which no state keeps as candidates). A caller that rates
/// puzzles in bulk starts each with [`Engine::start`], which also begins the puzzle's path in
/// its engine.
pub fn start(puzzle: &crate::syntax::Puzzle) -> State {
    let grid = puzzle.grid();
    puzzle
        .pencil
        .as_deref()
        .and_then(|pm| State::from_candidates(grid.shape, grid.values.clone(), pm.allowed(&grid)))
        .unwrap_or_else(|| State::new(&grid))
        .with_symbols(puzzle.alphabet.symbols.to_vec())
}

/// [`Engine::next_step`] with an engine of its own, for a caller that asks once.
pub fn next_step(state: &State, opts: &Options) -> Option<Step> {
    Engine::new().next_step(state, opts)
}

/// The most steps [`all_steps`] lists per technique.
pub const ALL_STEPS_LIMIT: usize = 100;

/// [`Engine::all_steps`] with an engine of its own, for a caller that asks once.
pub fn all_steps(state: &State, opts: &Options) -> Vec<Step> {
    Engine::new().all_steps(state, opts)
}

/// [`Engine::solve`] with an engine of its own, for a caller that solves one puzzle.
pub fn solve(state: State, opts: &Options) -> Path {
    Engine::new().solve(state, opts)
}

/// The start of the ladder up to the first technique that assumes the puzzle has one solution:
/// what these find is true in every solution.
pub fn before_uniqueness() -> &'static [Technique] {
    let end = (Technique::ALL.iter())
        .position(|t| t.needs_uniqueness())
        .unwrap_or(Technique::ALL.len());
    &Technique::ALL[..end]
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

/// The singles, the start of the ladder (no options leave them out).
const SINGLES: [Technique; 3] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];
