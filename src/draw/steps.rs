//! A puzzle's solving path as pictures: each step drawn on the position before it, with the
//! candidates of every open cell, and what the step adds ([`Overlay::from_step`]) on top.
//!
//! `explain --format svg|html` and the language server's `sudoku.explainHtml` read the same
//! [`Walkthrough`]; the steps are the ones `explain` prints (the same engine, options and
//! starting state), so a picture's marks are exactly its step's JSON.

use crate::analysis::levels::{difficulty_of, Difficulty};
use crate::analysis::{PuzzleReport, Verdict};
use crate::logic::{self, State, Step};
use crate::syntax::Puzzle;

use super::{Overlay, Position};

/// One puzzle's explanation, ready to draw.
#[derive(Clone, Debug)]
pub struct Walkthrough {
    /// 0-based position in its file.
    pub index: usize,
    /// 0-based line of its first grid line.
    pub line: usize,
    /// Its `@title` or `@id`, when it has one.
    pub title: Option<String>,
    /// The position it starts from: givens, symbols and the starting candidates; `None` for a
    /// puzzle with a syntax error (nothing trustworthy to draw).
    pub start: Option<(Position, State)>,
    /// Its steps, in order.
    pub steps: Vec<Step>,
    /// True when each step is taken from the position after the one before (a solving path);
    /// false when every step is available in the starting position (`--all-steps`).
    pub path: bool,
    /// The level and score, for a solved path.
    pub difficulty: Option<Difficulty>,
    /// Why the puzzle was not explained (the same words as `explain --format json`'s
    /// `reason`): `no-solution`, `several-solutions`, `syntax-error`, `undecided`, `stuck`.
    pub reason: Option<&'static str>,
}

/// The options `explain` solves with: the puzzle has one solution, trial is the last resort.
const UNIQUE: logic::Options = logic::Options {
    unique: true,
    trial: true,
};

impl Walkthrough {
    /// Explains `puzzle` (whose analysis is `report`, whose first grid line is `line`): its
    /// solving path, or with `all_steps` every step of its starting state, when it has exactly
    /// one solution.
    pub fn new(
        puzzle: &Puzzle,
        report: &PuzzleReport,
        line: usize,
        all_steps: bool,
    ) -> Walkthrough {
        let title = ["title", "id"]
            .iter()
            .filter_map(|k| puzzle.directives.get(k))
            .map(|d| d.value.trim().to_string())
            .find(|v| !v.is_empty());
        let mut out = Walkthrough {
            index: puzzle.index,
            line,
            title,
            start: None,
            steps: Vec::new(),
            path: !all_steps,
            difficulty: None,
            reason: None,
        };
        if puzzle.has_syntax_error || report.verdict == Verdict::SyntaxError {
            out.reason = Some("syntax-error");
            return out;
        }
        let state = logic::start(puzzle);
        out.start = Some((position_of(puzzle), state.clone()));
        out.reason = match report.verdict {
            Verdict::Solutions(1) => None,
            Verdict::Solutions(0) => Some("no-solution"),
            Verdict::Solutions(_) => Some("several-solutions"),
            Verdict::SyntaxError => Some("syntax-error"),
            Verdict::GaveUp => Some("undecided"),
        };
        if out.reason.is_some() {
            return out;
        }
        if all_steps {
            out.steps = logic::all_steps(&state, &UNIQUE);
            return out;
        }
        let path = logic::solve(state, &UNIQUE);
        if path.solved {
            out.difficulty = Some(difficulty_of(&path.steps, puzzle.shape.size));
        } else {
            out.reason = Some("stuck");
        }
        out.steps = path.steps;
        out
    }

    /// The heading of its section on a page: its file, number and line, and its title.
    pub fn heading(&self, path: &str) -> String {
        let mut s = format!("{path} #{} (line {})", self.index + 1, self.line + 1);
        if let Some(title) = &self.title {
            s.push_str(": ");
            s.push_str(title);
        }
        s
    }

    /// The grid's size.
    pub fn size(&self) -> Option<usize> {
        self.start.as_ref().map(|(p, _)| p.shape.size)
    }

    /// The starting position, with its candidates.
    pub fn start_position(&self) -> Option<Position> {
        let (base, state) = self.start.as_ref()?;
        Some(at(base, state))
    }

    /// Each step with the position before it and its overlay, in order, as long as `keep`
    /// says to draw the step (`keep(i)` for the 0-based step `i`; the walk still applies the
    /// steps it does not draw). Nothing when there is no start to draw from.
    pub fn frames<'a>(
        &'a self,
        mut keep: impl FnMut(usize) -> bool + 'a,
    ) -> impl Iterator<Item = (usize, &'a Step, Option<(Position, Overlay)>)> + 'a {
        let mut state = self.start.as_ref().map(|(_, s)| s.clone());
        let base = self.start.as_ref().map(|(p, _)| p);
        self.steps.iter().enumerate().map(move |(i, step)| {
            let drawn = match (base, &state) {
                (Some(base), Some(s)) if keep(i) => Some((at(base, s), Overlay::from_step(step))),
                _ => None,
            };
            if let (true, Some(s)) = (self.path, state.as_mut()) {
                s.apply(step);
            }
            (i, step, drawn)
        })
    }

    /// The position before step `n` (0-based) and the step's overlay.
    pub fn frame(&self, n: usize) -> Option<(Position, Overlay)> {
        self.frames(|i| i == n).nth(n).and_then(|(_, _, f)| f)
    }
}

/// `base` (a puzzle's givens and symbols) at `state`: the digits placed since the givens and
/// the candidates of the open cells.
fn at(base: &Position, state: &State) -> Position {
    let mut p = base.clone();
    p.placed = (state.values().iter().zip(&base.givens))
        .map(|(&v, &g)| if g == 0 { v } else { 0 })
        .collect();
    p.candidates = Some(
        (0..state.shape().cells())
            .map(|c| {
                if state.value(c) == 0 {
                    state.cands(c)
                } else {
                    0
                }
            })
            .collect(),
    );
    p
}

/// A puzzle's givens in its own symbols (numbers for a puzzle written in numbers), as `render`
/// draws them.
pub fn position_of(puzzle: &Puzzle) -> Position {
    let shape = puzzle.shape;
    let symbols = if puzzle.numbered_rows.iter().any(|&n| n) {
        (1..=shape.size).map(|d| d.to_string()).collect()
    } else {
        super::symbols(&puzzle.alphabet, shape.size)
    };
    Position::new(shape, symbols, puzzle.givens.clone())
}

/// Why a puzzle was not explained, in words (as `explain` says it).
pub fn reason_text(reason: &str) -> &'static str {
    match reason {
        "no-solution" => "it has no solution",
        "several-solutions" => "it has several solutions",
        "syntax-error" => "it has a syntax error",
        "undecided" => "undecided: the search gave up",
        _ => "the engine stopped before the solution",
    }
}
