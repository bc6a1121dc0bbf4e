//! The editor's tutor, protocol-neutral: the next step of a puzzle shaped as `explain` shapes
//! it ([`StepView`]), the hint's sentence, the edits that apply the next step, why an empty
//! cell is what it is, and a puzzle's difficulty label. The language server turns these into
//! protocol types (`lsp/tutor.rs`); `explain` prints the same [`StepView`]s.
//!
//! Only a puzzle with exactly one solution is taught (the uniqueness techniques are valid only
//! then), and a pencil-mark state only when its marks still hold the solution: the engine's
//! steps would be wrong otherwise.

use serde::Serialize;

use crate::analysis::levels::Difficulty;
use crate::analysis::{fill, PuzzleReport, Verdict};
use crate::finding::Edit;
use crate::grid::{digits, Mask};
use crate::logic::{self, State, Step, Technique};
use crate::syntax::{Layout, Puzzle};

/// A step as `explain --format json` writes it: cells named `r4c6`, digits in the puzzle's
/// alphabet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepView {
    pub technique: &'static str,
    pub placements: Vec<PlacementView>,
    pub eliminations: Vec<EliminationView>,
    pub cells: Vec<String>,
    pub units: Vec<String>,
    pub explanation: String,
    /// The parts the step's cells play (docs/rating.md, "Roles and links").
    pub roles: Vec<RoleView>,
    /// The links of its chain or loop, strong and weak.
    pub links: Vec<LinkView>,
}

/// A part of a step's figure: `{"role": "base", "cells": ["r1c4"], "digits": "7"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoleView {
    pub role: &'static str,
    pub cells: Vec<String>,
    pub digits: String,
}

/// One end of a link: its cells (several for a group) and digit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeView {
    pub cells: Vec<String>,
    pub digit: String,
}

/// A link of a step's chain: `kind` is `strong` or `weak`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinkView {
    pub from: NodeView,
    pub to: NodeView,
    pub kind: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlacementView {
    pub cell: String,
    pub digit: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EliminationView {
    pub cell: String,
    pub digits: String,
}

impl StepView {
    /// The view of `step`, a step of `puzzle`.
    pub fn new(puzzle: &Puzzle, step: &Step) -> StepView {
        let name = |c: usize| puzzle.shape.cell_name(c).to_string();
        StepView {
            technique: step.technique.id(),
            placements: step
                .placements
                .iter()
                .map(|&(c, d)| PlacementView {
                    cell: name(c),
                    digit: puzzle.alphabet.symbol(d).to_string(),
                })
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(c, m)| EliminationView {
                    cell: name(c),
                    digits: digits(m).map(|d| puzzle.alphabet.symbol(d)).collect(),
                })
                .collect(),
            cells: step.cells.iter().map(|&c| name(c)).collect(),
            units: step.units.iter().map(|u| u.to_string()).collect(),
            explanation: step.explanation.to_string(),
            roles: (step.roles().iter())
                .map(|r| RoleView {
                    role: r.part.id(),
                    cells: r.cells.iter().map(|&c| name(c)).collect(),
                    digits: digits(r.digits)
                        .map(|d| puzzle.alphabet.symbol(d))
                        .collect(),
                })
                .collect(),
            links: (step.links().iter())
                .map(|l| {
                    let node = |n: &logic::Node| NodeView {
                        cells: n.cells.iter().map(|&c| name(c)).collect(),
                        digit: puzzle.alphabet.symbol(n.digit).to_string(),
                    };
                    LinkView {
                        from: node(&l.from),
                        to: node(&l.to),
                        kind: if l.strong { "strong" } else { "weak" },
                    }
                })
                .collect(),
        }
    }
}

/// The engine's options for a puzzle with exactly one solution.
const UNIQUE: logic::Options = logic::Options {
    unique: true,
    trial: true,
};

/// A technique's name in a sentence: lower case, except words written with two capitals or more
/// (`hidden single`, `X-Wing`, `ALS-XZ`, `locked candidates type 1 (pointing)`).
pub fn technique_phrase(t: Technique) -> String {
    t.name()
        .split(' ')
        .map(|w| {
            if w.chars().filter(char::is_ascii_uppercase).count() >= 2 {
                w.to_string()
            } else {
                w.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `a hidden single`, `an X-Wing`, `an empty rectangle`.
fn with_article(phrase: &str) -> String {
    let an = phrase
        .chars()
        .next()
        .is_some_and(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'A' | 'E' | 'I' | 'O' | 'X'));
    format!("{} {phrase}", if an { "an" } else { "a" })
}

/// What the step is and where to look, without what it places or removes: `a hidden single in
/// box 5`, or for a pattern without units its cells (`a naked single at r7c3`).
pub fn step_nudge(step: &Step, shape: crate::grid::Shape) -> String {
    let mut out = with_article(&technique_phrase(step.technique));
    let (word, places): (&str, Vec<String>) = if step.units.is_empty() {
        let cells = step.cells.iter().map(|&c| shape.cell_name(c).to_string());
        (" at ", cells.collect())
    } else {
        (" in ", step.units.iter().map(|u| u.to_string()).collect())
    };
    if !places.is_empty() {
        out.push_str(word);
        out.push_str(&logic::and_list(&places));
    }
    out
}

/// The hint's message: the nudge (`A hidden single in box 5`), or with `full` the nudge and the
/// step's whole sentence, digit included.
pub fn hint_message(step: &Step, shape: crate::grid::Shape, full: bool) -> String {
    let nudge = step_nudge(step, shape);
    let mut chars = nudge.chars();
    let capital = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => nudge,
    };
    if full {
        format!("{capital}: {}", step.explanation)
    } else {
        capital
    }
}

/// The solving state a puzzle starts from, when the puzzle is taught: it has exactly one
/// solution (per `report`) and, for a pencil-mark state, its marks still hold that solution.
/// Returns the state and the solution.
pub fn teachable(puzzle: &Puzzle, report: &PuzzleReport) -> Option<(State, Vec<u8>)> {
    let solution = fill::unique_solution(puzzle, report)?.to_vec();
    let state = logic::start(puzzle);
    let holds = (0..solution.len()).all(|c| {
        let v = state.value(c);
        if v != 0 {
            v == solution[c]
        } else {
            state.cands(c) & crate::grid::bit(solution[c]) != 0
        }
    });
    (holds && !state.is_solved()).then_some((state, solution))
}

/// The next step of a taught puzzle: the easiest step available in its starting state.
pub fn next_step(state: &State) -> Option<Step> {
    logic::next_step(state, &UNIQUE)
}

/// What applying the next step writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// `Apply next step: r4c6 (hidden single)`.
    pub title: String,
    /// The steps applied, in order (a plain grid applies up to the first placement).
    pub steps: Vec<Step>,
    pub edits: Vec<Edit>,
}

/// The edits that apply the next step of a taught puzzle. A plain grid cannot show
/// eliminations, so it takes the steps of the solving path up to and including the next
/// placement and writes its digits; a pencil-mark state (grid or candidate line) takes exactly
/// the next step, writing its placements and removing its eliminations from the cells' marks.
/// `None` when no step applies or nothing would be written.
pub fn apply_next(puzzle: &Puzzle, state: &State) -> Option<Applied> {
    let pencil = puzzle.pencil.is_some();
    let mut state = state.clone();
    let mut steps = Vec::new();
    let bound = state.shape().cells() * (state.size() + 1);
    let before = state.clone();
    while steps.len() < bound {
        let step = next_step(&state)?;
        state.apply(&step);
        let placed = !step.placements.is_empty();
        steps.push(step);
        if pencil || placed {
            break;
        }
    }
    let last = steps.last()?;
    let edits = if pencil {
        pencil_edits(puzzle, &before, last)
    } else {
        plain_edits(puzzle, &last.placements)
    };
    let cell = last
        .placements
        .first()
        .map(|p| p.0)
        .or_else(|| last.eliminations.first().map(|e| e.0))?;
    let title = format!(
        "Apply next step: {} ({})",
        puzzle.shape.cell_name(cell),
        technique_phrase(last.technique)
    );
    (!edits.is_empty()).then_some(Applied {
        title,
        steps,
        edits,
    })
}

/// The edits that write `placements` into a plain puzzle's blank cells.
fn plain_edits(puzzle: &Puzzle, placements: &[(usize, u8)]) -> Vec<Edit> {
    let mut edits: Vec<Edit> = placements
        .iter()
        .filter_map(|&(cell, d)| {
            let range = puzzle.cells.get(cell)?;
            (!range.is_empty() && puzzle.givens.get(cell) == Some(&0)).then(|| Edit {
                range,
                new_text: puzzle.write_digit(cell, d),
            })
        })
        .collect();
    edits.sort();
    edits
}

/// The edits that apply `step` to a pencil-mark state read into `state`: a placed cell shows
/// its digit, a cell that loses candidates shows its marks without them (a cell written with no
/// marks shows the candidates its solved peers allowed). The other cells are left as written.
fn pencil_edits(puzzle: &Puzzle, state: &State, step: &Step) -> Vec<Edit> {
    let Some(pm) = puzzle.pencil.as_deref() else {
        return Vec::new();
    };
    let full = crate::grid::full_mask(puzzle.shape.size);
    let marks = |cell: usize| -> Option<Mask> {
        if let Some(&(_, d)) = step.placements.iter().find(|p| p.0 == cell) {
            return Some(crate::grid::bit(d));
        }
        let &(_, gone) = step.eliminations.iter().find(|e| e.0 == cell)?;
        let written = pm.candidates.get(cell).copied().unwrap_or(full);
        let written = if written == full {
            state.cands(cell)
        } else {
            written
        };
        Some(written & !gone)
    };
    match puzzle.layout {
        Layout::PencilGrid => fill::rewrite_pencil_grid(puzzle, pm, |cell| {
            marks(cell).map(|m| mask_token(puzzle, m))
        }),
        Layout::CandidateLine => fill::rewrite_candidate_line(puzzle, marks),
        // A state read from another format (`.ss`, HoDoKu, OpenSudoku) keeps its marks apart
        // from its cells: no edit can show an elimination there.
        _ => Vec::new(),
    }
}

/// A pencil-mark token for `mask`: its symbols run together.
fn mask_token(puzzle: &Puzzle, mask: Mask) -> String {
    digits(mask).map(|d| puzzle.alphabet.symbol(d)).collect()
}

/// Why an empty cell is what it is, for the hover: which step of the solving path settles it,
/// and which placed cells remove each digit it cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellReasons {
    /// `Settled at step 14 by a hidden single in box 5`, when the path places the cell.
    pub settled: Option<String>,
    /// For each digit missing from the cell's candidates: the digit's symbol and the cells whose
    /// digit removes it (empty when the marks removed it, in a pencil-mark state).
    pub removed: Vec<(char, Vec<String>)>,
}

/// The reasons of `cell`, an empty cell of a taught puzzle whose solving path from `state` is
/// `path`.
pub fn cell_reasons(puzzle: &Puzzle, state: &State, path: &[Step], cell: usize) -> CellReasons {
    let shape = puzzle.shape;
    let settled = path
        .iter()
        .position(|s| s.placements.iter().any(|p| p.0 == cell))
        .map(|i| {
            format!(
                "Settled at step {} by {}",
                i + 1,
                step_nudge(&path[i], shape)
            )
        });
    let missing = crate::grid::full_mask(shape.size) & !state.cands(cell);
    let peers = state.peers(cell);
    let removed = digits(missing)
        .map(|d| {
            let cells = peers
                .iter()
                .filter(|&&p| state.value(p) == d)
                .map(|&p| shape.cell_name(p).to_string())
                .collect();
            (puzzle.alphabet.symbol(d), cells)
        })
        .collect();
    CellReasons { settled, removed }
}

/// The solving path of a taught puzzle from `state` (bounded, as every path is).
pub fn path(state: &State) -> logic::Path {
    logic::solve(state.clone(), &UNIQUE)
}

/// A puzzle's difficulty at a glance, as the editor shows it beside the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glance {
    /// Exactly one solution, rated: `hard · 1240`.
    Rated(Difficulty),
    NoSolution,
    SeveralSolutions,
}

impl std::fmt::Display for Glance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Glance::Rated(d) => write!(f, "{} \u{b7} {}", d.level, d.score),
            Glance::NoSolution => f.write_str("no solution"),
            Glance::SeveralSolutions => f.write_str("several solutions"),
        }
    }
}

/// A puzzle's [`Glance`] as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Known: the verdict says it, or says nothing (a syntax error, an undecided search).
    Is(Option<Glance>),
    /// The puzzle has exactly one solution and must be rated ([`super::levels::rate`]).
    NeedsRating,
}

/// What the verdict alone says of a puzzle's glance.
pub fn glance_from_verdict(verdict: Verdict) -> Known {
    match verdict {
        Verdict::Solutions(0) => Known::Is(Some(Glance::NoSolution)),
        Verdict::Solutions(1) => Known::NeedsRating,
        Verdict::Solutions(_) => Known::Is(Some(Glance::SeveralSolutions)),
        Verdict::SyntaxError | Verdict::GaveUp => Known::Is(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::config::Config;
    use crate::finding::apply_edits;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn first(text: &str) -> (Puzzle, PuzzleReport) {
        let a = analyze(text, &Config::default());
        (a.file.puzzles[0].clone(), a.reports[0].clone())
    }

    #[test]
    fn phrases_name_techniques_as_sentences_do() {
        assert_eq!(technique_phrase(Technique::HiddenSingle), "hidden single");
        assert_eq!(technique_phrase(Technique::XWing), "X-Wing");
        assert_eq!(with_article("X-Wing"), "an X-Wing");
        assert_eq!(with_article("hidden single"), "a hidden single");
        assert_eq!(with_article("empty rectangle"), "an empty rectangle");
    }

    #[test]
    fn the_next_step_of_the_classic_and_its_hint() {
        let (p, r) = first(&format!("{EASY}\n"));
        let (state, _) = teachable(&p, &r).unwrap();
        let step = next_step(&state).unwrap();
        let nudge = hint_message(&step, p.shape, false);
        assert!(nudge.starts_with("A "), "{nudge}");
        assert!(!nudge.contains(':'), "{nudge}");
        let full = hint_message(&step, p.shape, true);
        assert_eq!(full, format!("{nudge}: {}", step.explanation));
        let view = StepView::new(&p, &step);
        assert_eq!(view.technique, step.technique.id());
    }

    #[test]
    fn applying_to_a_plain_grid_writes_the_next_placement() {
        let text = format!("{EASY}\n");
        let (p, r) = first(&text);
        let (state, solution) = teachable(&p, &r).unwrap();
        let applied = apply_next(&p, &state).unwrap();
        let last = applied.steps.last().unwrap();
        let (cell, d) = last.placements[0];
        assert_eq!(solution[cell], d);
        assert_eq!(
            applied.title,
            format!(
                "Apply next step: {} ({})",
                p.shape.cell_name(cell),
                technique_phrase(last.technique)
            )
        );
        let out = apply_edits(&text, &applied.edits).unwrap();
        assert_eq!(out.as_bytes()[cell], b'0' + d);
    }

    /// The classic written as a candidate line: each cell its nine characters.
    fn candidate_line() -> String {
        let (p, _) = first(&format!("{EASY}\n"));
        let state = logic::start(&p);
        let mut line = String::new();
        for cell in 0..81 {
            let mask = match state.value(cell) {
                0 => state.cands(cell),
                d => crate::grid::bit(d),
            };
            line.extend((1..=9u8).map(|d| {
                if mask & crate::grid::bit(d) != 0 {
                    (b'0' + d) as char
                } else {
                    '.'
                }
            }));
        }
        line + "\n"
    }

    #[test]
    fn a_candidate_line_takes_exactly_the_next_step() {
        let text = candidate_line();
        let (p, r) = first(&text);
        assert_eq!(p.layout, Layout::CandidateLine);
        let (state, solution) = teachable(&p, &r).unwrap();
        let applied = apply_next(&p, &state).unwrap();
        assert_eq!(applied.steps.len(), 1);
        let out = apply_edits(&text, &applied.edits).unwrap();
        assert_ne!(out, text);
        let (q, _) = first(&out);
        let marks = q.candidates().unwrap();
        for (cell, &d) in solution.iter().enumerate() {
            assert!(
                marks[cell] & crate::grid::bit(d) != 0,
                "cell {cell} lost {d}"
            );
        }
    }

    #[test]
    fn reasons_name_the_step_and_the_removing_cells() {
        let (p, r) = first(&format!("{EASY}\n"));
        let (state, _) = teachable(&p, &r).unwrap();
        let path = path(&state);
        // r1c3 (cell 2): 5 and 3 in its row, 9 and 8 in its box, 8 ... in its column.
        let reasons = cell_reasons(&p, &state, &path.steps, 2);
        assert!(reasons.settled.unwrap().starts_with("Settled at step "));
        let five = reasons.removed.iter().find(|(c, _)| *c == '5').unwrap();
        assert_eq!(five.1, vec!["r1c1".to_string()]);
    }

    #[test]
    fn glances_read_as_the_editor_shows_them() {
        let d = Difficulty {
            level: logic::Level::Hard,
            score: 1240,
            hardest: None,
        };
        assert_eq!(Glance::Rated(d).to_string(), "hard \u{b7} 1240");
        assert_eq!(Glance::NoSolution.to_string(), "no solution");
        assert_eq!(
            glance_from_verdict(Verdict::Solutions(2)),
            Known::Is(Some(Glance::SeveralSolutions))
        );
    }
}
