//! The engine: what a caller holds to solve and rate puzzles. It owns everything one search
//! keeps for the next (the ALS sets, chain graphs and rectangles of the last state looked at,
//! the records of one-digit searches that found nothing, the forcing searches' tables), so a
//! caller that rates many puzzles keeps one engine and its caches serve every step of every
//! path; a thread that works in parallel holds its own. Nothing is kept anywhere else: two
//! engines never share a cache, and dropping one drops its caches.
//!
//! A path begins clean: the records that belong to one puzzle's path (see `barren.rs`) start
//! empty at every whole path ([`Engine::solve`], [`Engine::solve_techniques`]) and at
//! [`Engine::start`] and [`Engine::begin_state`], which begin a path a caller walks itself. The
//! other caches are keyed by the whole state they were made from and are only ever read for
//! that state. None of it changes what a search finds, only what it costs.

use super::{
    als, barren, chains, find, forcing, single_digit, singles, templates, uniqueness, Finder,
    Options, Path, State, Step, Technique, ALL_STEPS_LIMIT, SINGLES,
};

/// Solves and rates puzzles, keeping its caches from one step and one puzzle to the next.
#[derive(Default)]
pub struct Engine {
    /// Steps found carry no sentence (a rating reads only the techniques).
    quiet: bool,
    /// How the searches search: what ships unless a test asks otherwise.
    pub(super) search: Search,
    /// What one search keeps for the next.
    pub(super) caches: Caches,
}

/// The caches of the technique families, each family's own (see its file).
#[derive(Default)]
pub(super) struct Caches {
    pub single_digit: single_digit::Cache,
    pub uniqueness: uniqueness::Cache,
    pub templates: templates::Cache,
    pub barren: barren::Cache,
    pub chains: chains::Cache,
    pub als: als::Cache,
    pub forcing: forcing::Cache,
}

/// Switches that change how a search runs without changing what it finds: a test turns a
/// shortcut off to hold it against the full search. Every switch is off in what ships.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Search {
    /// Templates answer "no" (`templates.rs`): every one-digit search runs in full.
    pub templates_off: bool,
    /// Regions and units remembered barren are searched again (`barren.rs`).
    pub unremembered: bool,
    /// Every chain is searched to its full length, however many steps are kept (`chains/`).
    pub uncapped: bool,
    /// The chain searches run even where no candidate refutes itself (`chains/`).
    pub ungated: bool,
    /// Grouped graphs keep the groups without a strong link too (`chains/`).
    pub all_groups: bool,
    /// Remote pairs walk every path, past the bound on what a path may remove (`wings.rs`).
    pub unbound: bool,
    /// Remote pairs write out every path and hold its quick count against the full one,
    /// panicking where they differ (`wings.rs`).
    pub check_counts: bool,
    /// The ALS searches skip no sets found barren before (`als/`).
    pub no_barren_sets: bool,
    /// Forcing chains follow every premise, without the verities' shortcut (`forcing/`).
    pub no_dual: bool,
}

impl Engine {
    /// An engine whose steps carry their sentences, cells and units.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// An engine whose steps carry no sentence (a caller that reads only techniques, placements
    /// and eliminations, as a rating does: writing a sentence costs more than finding a single).
    pub fn quiet() -> Engine {
        Engine {
            quiet: true,
            ..Engine::default()
        }
    }

    /// The starting state of a parsed puzzle (see [`super::start`]), with the records of the
    /// puzzle before forgotten: a new puzzle starts clean.
    pub fn start(&mut self, puzzle: &crate::syntax::Puzzle) -> State {
        self.begin();
        super::start(puzzle)
    }

    /// [`Engine::start`] for a state made some other way (a generated grid): its path begins.
    pub fn begin_state(&mut self, state: State) -> State {
        self.begin();
        state
    }

    /// Forgets what belongs to the path of the puzzle before.
    fn begin(&mut self) {
        self.caches.barren.forget();
    }

    /// A finder of up to `limit` steps in `state`, quiet as the engine is.
    pub(super) fn finder<'a>(&'a self, state: &'a State, limit: usize) -> Finder<'a> {
        Finder::new(self, state, limit, self.quiet)
    }

    /// The easiest step available in `state`: the first technique of the ladder that finds one.
    pub fn next_step(&mut self, state: &State, opts: &Options) -> Option<Step> {
        self.next_step_on(state, opts, Technique::ALL, self.quiet)
    }

    /// [`Engine::next_step`] with the techniques of `ladder` only (a part of the ladder, in its
    /// order).
    pub(super) fn next_step_on(
        &self,
        state: &State,
        opts: &Options,
        ladder: &[Technique],
        quiet: bool,
    ) -> Option<Step> {
        // One finder for the whole ladder: one that found nothing is as new (a single step
        // wanted, it remembers nothing else), and on a path of singles making and dropping one
        // per technique tried cost a fortieth of the rating.
        let mut f = Finder::new(self, state, 1, quiet);
        ladder.iter().filter(|&&t| opts.allows(t)).find_map(|&t| {
            find(t, &mut f);
            f.last()
        })
    }

    /// The step technique `t` alone finds first in `state` (the one a solving path takes when
    /// `t` is the easiest technique that applies), or `None`; `None` too when `opts` rules `t`
    /// out. [`Engine::next_step`] is this for each technique of the ladder in turn, until one
    /// finds a step: a caller doing that itself sees what each technique costs (`cargo bench
    /// --bench rating -- --by-technique`).
    pub fn step_by(&mut self, state: &State, t: Technique, opts: &Options) -> Option<Step> {
        if !opts.allows(t) {
            return None;
        }
        let mut f = self.finder(state, 1);
        find(t, &mut f);
        f.last()
    }

    /// Every step available in `state`, technique by technique (at most [`ALL_STEPS_LIMIT`]
    /// each), without trial.
    pub fn all_steps(&mut self, state: &State, opts: &Options) -> Vec<Step> {
        let opts = Options {
            trial: false,
            ..*opts
        };
        let mut out = Vec::new();
        for &t in Technique::ALL.iter().filter(|&&t| opts.allows(t)) {
            let mut f = self.finder(state, ALL_STEPS_LIMIT);
            find(t, &mut f);
            out.append(&mut f.into_steps());
        }
        out
    }

    /// The techniques of [`Engine::solve`]'s path, and whether the path ends solved: all a
    /// rating reads (on a puzzle of singles, writing the sentences took most of the time, and
    /// keeping whole steps a little more). The steps are found quietly whatever the engine.
    pub fn solve_techniques(&mut self, state: State, opts: &Options) -> (Vec<Technique>, bool) {
        self.begin();
        let mut techniques = Vec::with_capacity(state.empty_cells().count() + 8);
        let (_, solved) = self.solve_techniques_on(state, opts, Technique::ALL, 0, &mut techniques);
        (techniques, solved)
    }

    /// [`Engine::solve_techniques`] with the techniques of `ladder` only (the start of the
    /// ladder), adding to `techniques`: the path stops where none of them applies, at the state
    /// that [`Engine::solve_techniques`] takes its next step from with a later technique.
    /// Returns that state and whether it is solved. `known`: how many techniques at the start
    /// of `ladder` are known to find nothing in `state` (it is where a shorter ladder stopped),
    /// so the first step skips them. A caller walking a path in parts begins it with
    /// [`Engine::start`].
    pub fn solve_techniques_on(
        &mut self,
        state: State,
        opts: &Options,
        ladder: &[Technique],
        known: usize,
        techniques: &mut Vec<Technique>,
    ) -> (State, bool) {
        self.walk(state, opts, ladder, known, true, |_, taken| {
            techniques.push(taken.technique())
        })
    }

    /// Solves from `state` step by step, always with the easiest step available, until the grid
    /// is full or nothing applies (no step, or a broken state).
    pub fn solve(&mut self, state: State, opts: &Options) -> Path {
        self.begin();
        // A step per empty cell when singles solve it, and growing a vector of steps copies
        // them.
        let mut steps = Vec::with_capacity(state.empty_cells().count() + 8);
        let quiet = self.quiet;
        let (end, solved) = self.walk(state, opts, Technique::ALL, 0, quiet, |s, taken| {
            steps.push(match taken {
                Taken::Step(step) => step,
                Taken::Single(x) => x.step(s, quiet),
            })
        });
        Path { steps, end, solved }
    }

    /// The walk of [`Engine::solve`] with the techniques of `ladder`, the first step without
    /// the first `known` of them, its steps quiet or not: each step, once applied, goes to
    /// `keep` with the state after it. Returns the last state and whether it is solved.
    fn walk(
        &self,
        state: State,
        opts: &Options,
        ladder: &[Technique],
        known: usize,
        quiet: bool,
        mut keep: impl FnMut(&State, Taken),
    ) -> (State, bool) {
        let mut state = state;
        // Every step places a digit or removes a candidate, so a path is at most this long.
        let bound = state.shape().cells() * (state.size() + 1);
        let mut taken = 0;
        let mut broken = state.is_broken();
        while !state.is_solved() && taken < bound && !broken {
            let from = if taken == 0 {
                known.min(ladder.len())
            } else {
                0
            };
            let rest = &ladder[from..];
            // The singles come first on the ladder and are taken from the queues of the order
            // they arose in, without a finder; the rest of the ladder only when there is none.
            let taken_now = match rest.strip_prefix(SINGLES.as_slice()) {
                Some(after) if state.arisen().is_some() => match singles::next_single(&state) {
                    Some(x) => Some(Taken::Single(x)),
                    None => self
                        .next_step_on(&state, opts, after, quiet)
                        .map(Taken::Step),
                },
                _ => self
                    .next_step_on(&state, opts, rest, quiet)
                    .map(Taken::Step),
            };
            let Some(now) = taken_now else {
                break;
            };
            broken = match &now {
                Taken::Step(step) => state.apply_checked(step),
                Taken::Single(x) => state.place_checked(x.cell, x.digit),
            };
            keep(&state, now);
            taken += 1;
        }
        let solved = state.is_solved() && !broken;
        (state, solved)
    }
}

/// What a walk took: a step, or a single (which the taker makes a step when it wants one).
enum Taken {
    Step(Step),
    Single(singles::Single),
}

impl Taken {
    fn technique(&self) -> Technique {
        match self {
            Taken::Step(step) => step.technique,
            Taken::Single(x) => x.technique,
        }
    }
}
