//! The tutor in the editor: the hint (`sudoku.hint`), the applied step
//! (`sudoku.applyNextStep` and its code action), the reasons in an empty cell's hover, and each
//! puzzle's difficulty at a glance as an inlay hint (or a code lens where the client has no
//! inlay hints). What is taught comes from `analysis::tutor`; this file turns it into protocol
//! types, as `convert.rs` does for findings.
//!
//! Ratings are cached by puzzle (shape, givens, marks), so a puzzle is rated once however often
//! its hint is asked for, and a large collection rates only the puzzles on screen.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::{
    CodeAction, CodeActionKind, CodeLens, Command, Diagnostic, DiagnosticSeverity, InlayHint,
    InlayHintLabel, NumberOrString, Position, Uri,
};

use crate::analysis::levels::{self, Difficulty};
use crate::analysis::tutor::{self, Applied, Glance, Known, StepView};
use crate::grid::{Mask, Shape};
use crate::logic::{State, Step};
use crate::lsp::convert::{self, Mapper, SOURCE};
use crate::lsp::features::Snapshot;
use crate::lsp::settings::{lock, Hints, Settings};
use crate::syntax::Puzzle;
use crate::text::TextRange;

/// The command that shows the next step: arguments `[{uri, position}]`.
pub const HINT_COMMAND: &str = "sudoku.hint";
/// The command that applies the next step: arguments `[{uri, position}]`.
pub const APPLY_COMMAND: &str = "sudoku.applyNextStep";
/// The code action kind of the hint, which writes nothing.
pub const HINT_KIND: &str = "refactor.hint";
/// The title of the hint's code action.
pub const HINT_TITLE: &str = "Hint: next step";
/// The code of the hint's diagnostics.
pub const HINT_CODE: &str = "hint";

/// The most ratings kept; past it the cache starts over (a rating is a few milliseconds).
const MAX_RATINGS: usize = 200_000;

/// What decides a puzzle's rating: its shape, its givens and its marks.
type Key = (Shape, Vec<u8>, Option<Vec<Mask>>);

fn key(p: &Puzzle) -> Key {
    (
        p.shape,
        p.givens.clone(),
        p.candidates().map(<[Mask]>::to_vec),
    )
}

/// The most solving paths kept for hovers; past it the path used longest ago goes.
const MAX_PATHS: usize = 64;

/// A document of at most this many puzzles has the solving paths of its taught puzzles solved
/// after each analysis is published ([`Tutor::prime`]), so that a hover finds its path ready.
/// A larger collection solves a path when one of its cells is hovered.
pub const PRIME_LIMIT: usize = 16;

/// Whether [`Tutor::prime`] solves the paths of `snap`'s puzzles: at most [`PRIME_LIMIT`].
pub fn primes(snap: &Snapshot) -> bool {
    snap.analysis.puzzle_count() <= PRIME_LIMIT
}

/// A puzzle's solving path, solved once: whoever asks while it is being solved waits for it.
type PathCell = Arc<OnceLock<Arc<Vec<Step>>>>;

/// The solving paths kept, by puzzle, with when each was last asked for.
#[derive(Debug, Default)]
struct Paths {
    kept: HashMap<Key, (PathCell, u64)>,
    clock: u64,
}

impl Paths {
    /// The cell of `key`'s path, made empty if it is not kept (forgetting the path used longest
    /// ago when the store is full).
    fn cell(&mut self, key: Key) -> PathCell {
        self.clock += 1;
        let now = self.clock;
        if let Some((cell, used)) = self.kept.get_mut(&key) {
            *used = now;
            return cell.clone();
        }
        if self.kept.len() >= MAX_PATHS {
            let oldest = self
                .kept
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                self.kept.remove(&oldest);
            }
        }
        let cell = PathCell::default();
        self.kept.insert(key, (cell.clone(), now));
        cell
    }
}

/// The tutor's state: the ratings and solving paths made so far and whether the client shows
/// inlay hints.
#[derive(Debug, Default)]
pub struct Tutor {
    ratings: Mutex<HashMap<Key, Option<Difficulty>>>,
    paths: Mutex<Paths>,
    /// The client announced inlay hint support; otherwise the glance is a code lens.
    pub inlay_hints: AtomicBool,
}

impl Tutor {
    pub fn has_inlay_hints(&self) -> bool {
        self.inlay_hints.load(Ordering::Relaxed)
    }

    /// The puzzle's glance when it is known without rating (from its verdict or the cache).
    pub fn known_glance(&self, snap: &Snapshot, p: &Puzzle) -> Known {
        let Some(report) = snap.report(p) else {
            return Known::Is(None);
        };
        match tutor::glance_from_verdict(report.verdict) {
            Known::NeedsRating => match lock(&self.ratings).get(&key(p)) {
                Some(d) => Known::Is(d.map(Glance::Rated)),
                None => Known::NeedsRating,
            },
            known => known,
        }
    }

    /// The puzzle's glance, rating it (once) when needed.
    pub fn glance(&self, snap: &Snapshot, p: &Puzzle) -> Option<Glance> {
        if let Known::Is(g) = self.known_glance(snap, p) {
            return g;
        }
        let rated = levels::rate(&mut crate::logic::Engine::new(), p);
        self.keep_rating(key(p), rated);
        rated.map(Glance::Rated)
    }

    fn keep_rating(&self, key: Key, rated: Option<Difficulty>) {
        let mut ratings = lock(&self.ratings);
        if ratings.len() >= MAX_RATINGS {
            ratings.clear();
        }
        ratings.insert(key, rated);
    }

    /// The solving path of a taught puzzle from its starting `state`: solved once while it is
    /// among the paths kept, and waited for when another thread is solving it. Solving it also
    /// rates the puzzle (a rating is the same path, read for its techniques).
    fn path_of(&self, puzzle: &Puzzle, state: &State) -> Arc<Vec<Step>> {
        let key = key(puzzle);
        let cell = lock(&self.paths).cell(key.clone());
        cell.get_or_init(|| {
            let path = tutor::path(state);
            let rated = path
                .solved
                .then(|| levels::difficulty_of(&path.steps, puzzle.shape.size));
            self.keep_rating(key, rated);
            Arc::new(path.steps)
        })
        .clone()
    }

    /// Solves the paths of the taught puzzles of a document of at most [`PRIME_LIMIT`] puzzles,
    /// in text order, stopping when `stale` says the text changed. Returns how many it solved
    /// or found kept.
    pub fn prime(&self, snap: &Snapshot, stale: &dyn Fn() -> bool) -> usize {
        if !primes(snap) {
            return 0;
        }
        let count = snap.analysis.puzzle_count();
        let mut primed = 0;
        for puzzle in (0..count).filter_map(|i| snap.analysis.puzzle(i)) {
            if stale() {
                break;
            }
            let Some(report) = snap.report(&puzzle) else {
                continue;
            };
            if let Some((state, _)) = tutor::teachable(&puzzle, &report) {
                self.path_of(&puzzle, &state);
                primed += 1;
            }
        }
        primed
    }

    /// The inlay hints of the puzzles whose first line starts in `start..=end`, rated in
    /// parallel; `None` as soon as `stale` says the text changed (the answer would be for an
    /// old text).
    pub fn inlay_hints(
        &self,
        snap: &Snapshot,
        (start, end): (usize, usize),
        map: &Mapper<'_>,
        stale: &(dyn Fn() -> bool + Sync),
    ) -> Option<Vec<InlayHint>> {
        let puzzles: Vec<Puzzle> = snap
            .analysis
            .puzzles_in(start, end)
            .into_iter()
            .filter(|p| (start..=end).contains(&p.first_line.start))
            .collect();
        let glances: Option<Vec<Option<Glance>>> = puzzles
            .par_iter()
            .map(|p| (!stale()).then(|| self.glance(snap, p)))
            .collect();
        let hints = puzzles
            .iter()
            .zip(glances?)
            .filter_map(|(p, g)| {
                Some(InlayHint {
                    position: map.position(p.first_line.end),
                    label: InlayHintLabel::String(g?.to_string()),
                    kind: None,
                    text_edits: None,
                    tooltip: None,
                    padding_left: Some(true),
                    padding_right: None,
                    data: None,
                })
            })
            .collect();
        Some(hints)
    }

    /// The code lenses of a document (for a client without inlay hints): resolved where the
    /// glance is known, else carrying the puzzle's index for `codeLens/resolve`, which rates
    /// only the lenses the editor shows.
    pub fn code_lenses(&self, snap: &Snapshot, uri: &Uri, map: &Mapper<'_>) -> Vec<CodeLens> {
        let mut out = Vec::new();
        for p in snap.analysis.puzzles_in(0, usize::MAX) {
            let range = map.range(TextRange::empty(p.first_line.start));
            match self.known_glance(snap, &p) {
                Known::Is(None) => {}
                Known::Is(Some(g)) => out.push(lens(range, Some(g), None)),
                Known::NeedsRating => {
                    let data =
                        json!({"uri": uri.as_str(), "puzzle": p.index, "version": snap.version});
                    out.push(lens(range, None, Some(data)));
                }
            }
        }
        out
    }
}

/// A code lens showing a glance (no command to run: the title is the information).
pub fn lens(
    range: tower_lsp_server::ls_types::Range,
    g: Option<Glance>,
    data: Option<Value>,
) -> CodeLens {
    CodeLens {
        range,
        command: g.map(|g| Command {
            title: g.to_string(),
            command: String::new(),
            arguments: None,
        }),
        data,
    }
}

/// The puzzle at `offset` when it is taught, with its starting state.
fn taught(snap: &Snapshot, offset: usize) -> Option<(Puzzle, State)> {
    let puzzle = snap.puzzle_at(offset)?;
    let report = snap.report(&puzzle)?;
    let (state, _) = tutor::teachable(&puzzle, &report)?;
    Some((puzzle, state))
}

/// A hint: the message shown, the step as `explain` shapes it, and the cells that prove it.
#[derive(Clone, Debug)]
pub struct HintAnswer {
    pub message: String,
    pub view: StepView,
    pub cells: Vec<TextRange>,
}

impl HintAnswer {
    /// The command's result: the step as `explain` writes it, with the message shown.
    pub fn to_json(&self) -> Value {
        let mut v = serde_json::to_value(&self.view).unwrap_or(Value::Null);
        if let Some(obj) = v.as_object_mut() {
            obj.insert("message".to_string(), Value::String(self.message.clone()));
        }
        v
    }

    /// Hint-severity diagnostics on the cells that prove the step.
    pub fn diagnostics(&self, map: &Mapper<'_>) -> Vec<Diagnostic> {
        self.cells
            .iter()
            .map(|&r| Diagnostic {
                range: map.range(r),
                severity: Some(DiagnosticSeverity::HINT),
                code: Some(NumberOrString::String(HINT_CODE.to_string())),
                source: Some(SOURCE.to_string()),
                message: self.message.clone(),
                ..Diagnostic::default()
            })
            .collect()
    }
}

/// The hint for the puzzle at `offset`: its next step, said as `settings.hints` asks.
pub fn hint(snap: &Snapshot, offset: usize, settings: &Settings) -> Option<HintAnswer> {
    let (puzzle, state) = taught(snap, offset)?;
    let step = tutor::next_step(&state)?;
    let mut cells: Vec<TextRange> = step
        .cells
        .iter()
        .filter_map(|&c| puzzle.cells.get(c))
        .filter(|r| !r.is_empty())
        .collect();
    cells.sort();
    cells.dedup();
    Some(HintAnswer {
        message: tutor::hint_message(&step, puzzle.shape, settings.hints == Hints::Full),
        view: StepView::new(&puzzle, &step),
        cells,
    })
}

/// The next step of the puzzle at `offset`, applied (see [`tutor::apply_next`]).
pub fn apply(snap: &Snapshot, offset: usize) -> Option<Applied> {
    let (puzzle, state) = taught(snap, offset)?;
    tutor::apply_next(&puzzle, &state)
}

/// The tutor's code actions at `offset`: the hint (a command) and the applied step (an edit).
/// `wanted` says which kinds the client asked for.
pub fn code_actions(
    snap: &Snapshot,
    offset: usize,
    target: (&Uri, Position),
    map: &Mapper<'_>,
    versioned: bool,
    wanted: impl Fn(&CodeActionKind) -> bool,
) -> Vec<CodeAction> {
    let (uri, position) = target;
    let mut out = Vec::new();
    let hint_kind = CodeActionKind::new(HINT_KIND);
    let apply_kind = CodeActionKind::REFACTOR_REWRITE;
    if !wanted(&hint_kind) && !wanted(&apply_kind) {
        return out;
    }
    let Some((puzzle, state)) = taught(snap, offset) else {
        return out;
    };
    if wanted(&hint_kind) {
        out.push(CodeAction {
            title: HINT_TITLE.to_string(),
            kind: Some(hint_kind),
            command: Some(Command {
                title: HINT_TITLE.to_string(),
                command: HINT_COMMAND.to_string(),
                arguments: Some(vec![json!({"uri": uri.as_str(), "position": position})]),
            }),
            ..CodeAction::default()
        });
    }
    if wanted(&apply_kind) {
        if let Some(applied) = tutor::apply_next(&puzzle, &state) {
            out.push(CodeAction {
                title: applied.title,
                kind: Some(apply_kind),
                edit: Some(convert::workspace_edit(
                    uri,
                    snap.version,
                    &applied.edits,
                    map,
                    versioned,
                )),
                ..CodeAction::default()
            });
        }
    }
    out
}

/// The `{uri, position}` argument of the tutor's commands.
pub fn command_target(arguments: &[Value]) -> Option<(Uri, Position)> {
    let arg = arguments.first()?;
    let uri: Uri = arg.get("uri")?.as_str()?.parse().ok()?;
    let position: Position = serde_json::from_value(arg.get("position")?.clone()).ok()?;
    Some((uri, position))
}

/// The reasons an empty cell's hover gives after its candidates: the step that settles it and
/// the cells that remove each missing candidate. `None` when the puzzle is not taught.
pub fn hover_reasons(
    tutor: &Tutor,
    snap: &Snapshot,
    puzzle: &Puzzle,
    cell: usize,
) -> Option<String> {
    let report = snap.report(puzzle)?;
    let (state, _) = tutor::teachable(puzzle, &report)?;
    let path = tutor.path_of(puzzle, &state);
    let reasons = tutor::cell_reasons(puzzle, &state, &path, cell);
    let mut out = String::new();
    if let Some(settled) = reasons.settled {
        out.push_str(&settled);
    }
    if !reasons.removed.is_empty() {
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        out.push_str("Missing candidates, removed by:");
        for (symbol, cells) in &reasons.removed {
            let by = if cells.is_empty() {
                "not in the marks".to_string()
            } else {
                cells.join(", ")
            };
            out.push_str(&format!("\n- {symbol}: {by}"));
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::text::LineIndex;

    /// The first puzzles of the top1465 sample, one a line.
    fn hard(n: usize) -> String {
        include_str!("../../fixtures/sets/top1465.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .take(n)
            .map(|p| format!("{p}\n"))
            .collect()
    }

    fn snapshot(text: String, generation: u64) -> Snapshot {
        let analysis = crate::analysis::analyze(&text, &Config::default());
        Snapshot {
            generation,
            version: 1,
            index: LineIndex::new(&text),
            text,
            analysis: analysis.into(),
        }
    }

    #[test]
    fn priming_solves_each_taught_puzzle_once_and_rates_it_as_a_rating_does() {
        let tutor = Tutor::default();
        let snap = snapshot(hard(4), 1);
        assert_eq!(tutor.prime(&snap, &|| false), 4);
        assert_eq!(lock(&tutor.paths).kept.len(), 4);
        for i in 0..4 {
            let p = snap.analysis.puzzle(i).unwrap();
            let cell = lock(&tutor.paths).cell(key(&p));
            assert!(cell.get().is_some_and(|path| !path.is_empty()));
            let rated = levels::rate(&mut crate::logic::Engine::new(), &p);
            assert!(rated.is_some());
            assert_eq!(
                tutor.known_glance(&snap, &p),
                Known::Is(rated.map(Glance::Rated))
            );
        }
        // Primed again (the same puzzles in a new text): nothing is solved a second time.
        let again = snapshot(hard(4), 2);
        assert_eq!(tutor.prime(&again, &|| false), 4);
        assert_eq!(lock(&tutor.paths).kept.len(), 4);
    }

    #[test]
    fn priming_stops_on_a_newer_text_and_leaves_large_collections_alone() {
        let tutor = Tutor::default();
        assert_eq!(tutor.prime(&snapshot(hard(4), 1), &|| true), 0);
        let big = snapshot(hard(PRIME_LIMIT + 1), 1);
        assert_eq!(tutor.prime(&big, &|| false), 0);
        assert!(lock(&tutor.paths).kept.is_empty());
        // A puzzle of many solutions is not taught: nothing to prime.
        let text = format!("1{}\n", ".".repeat(80));
        assert_eq!(tutor.prime(&snapshot(text, 1), &|| false), 0);
    }

    #[test]
    fn the_paths_kept_forget_the_one_used_longest_ago() {
        let mut paths = Paths::default();
        let key_of = |i: usize| (Shape::for_size(9).unwrap(), vec![i as u8], None);
        let first = paths.cell(key_of(0));
        for i in 1..MAX_PATHS {
            paths.cell(key_of(i));
        }
        // Asked for again: now the most recent.
        assert!(Arc::ptr_eq(&first, &paths.cell(key_of(0))));
        paths.cell(key_of(MAX_PATHS));
        assert_eq!(paths.kept.len(), MAX_PATHS);
        assert!(paths.kept.contains_key(&key_of(0)));
        assert!(!paths.kept.contains_key(&key_of(1)));
    }
}
