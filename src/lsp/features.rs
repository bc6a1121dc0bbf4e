//! What hover, code actions and formatting say, computed from one analysed snapshot of a
//! document in byte offsets and plain strings; `convert` turns the answers into protocol types.

use crate::analysis::fixes::{self, Offered};
use crate::analysis::{fill, PuzzleReport, SharedAnalysis, Verdict};
use crate::grid::digits;
use crate::lsp::convert::{Action, ActionKind};
use crate::lsp::settings::Settings;
use crate::lsp::tutor::{self, Tutor};
use crate::syntax::Puzzle;
use crate::text::{LineIndex, TextRange};

/// A document's text as it was analysed.
#[derive(Debug)]
pub struct Snapshot {
    /// The store's generation of the text (changes on every edit), to tell stale results.
    pub generation: u64,
    /// The client's version of the text.
    pub version: i32,
    pub text: String,
    pub index: LineIndex,
    pub analysis: SharedAnalysis,
}

impl Snapshot {
    /// The puzzle whose cells or lines hold `offset` (puzzles are in text order).
    pub fn puzzle_at(&self, offset: usize) -> Option<Puzzle> {
        self.analysis.puzzle_at(offset)
    }

    /// The analysis's report on `puzzle`.
    pub fn report(&self, puzzle: &Puzzle) -> Option<PuzzleReport> {
        self.analysis.report(puzzle.index)
    }

    fn unique_solution(&self, puzzle: &Puzzle) -> Option<Vec<u8>> {
        let report = self.report(puzzle)?;
        fill::unique_solution(puzzle, &report).map(<[u8]>::to_vec)
    }
}

/// The hover text at `offset` and the range it is about.
pub fn hover(
    snap: &Snapshot,
    offset: usize,
    settings: &Settings,
    tutor: &Tutor,
) -> Option<(String, TextRange)> {
    let puzzle = &snap.puzzle_at(offset)?;
    if let Some(cell) = puzzle.cell_at(offset) {
        let range = puzzle.cells.get(cell)?;
        let text = match puzzle.givens.get(cell).copied()? {
            0 => empty_cell_hover(snap, puzzle, cell, settings, tutor),
            d => given_hover(puzzle, cell, d),
        };
        return Some((text, range));
    }
    Some((summary_hover(snap, puzzle), puzzle.range))
}

fn symbols(puzzle: &Puzzle, mask: u32) -> String {
    digits(mask)
        .map(|d| puzzle.alphabet.symbol(d).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn empty_cell_hover(
    snap: &Snapshot,
    puzzle: &Puzzle,
    cell: usize,
    settings: &Settings,
    tutor: &Tutor,
) -> String {
    let grid = puzzle.grid();
    let shape = grid.shape;
    let candidates = grid.candidates().get(cell).copied().unwrap_or(0);
    let mut out = if candidates == 0 {
        "Candidates: none".to_string()
    } else {
        format!("Candidates: {}", symbols(puzzle, candidates))
    };
    if let Some(reasons) = tutor::hover_reasons(tutor, snap, puzzle, cell) {
        out.push_str("\n\n");
        out.push_str(&reasons);
    }
    out.push_str(&format!("\n\n{}", shape.cell_name(cell)));
    let mut excluded = Vec::new();
    for unit in shape.units_of(cell) {
        let placed = grid.unit_mask(unit);
        if placed != 0 {
            excluded.push(format!("- {unit} holds {}", symbols(puzzle, placed)));
        }
    }
    if excluded.is_empty() {
        out.push_str(": nothing in its row, column or box excludes a symbol");
    } else {
        out.push_str(" excludes the others:\n\n");
        out.push_str(&excluded.join("\n"));
    }
    if settings.show_solutions {
        if let Some(d) = snap
            .unique_solution(puzzle)
            .and_then(|s| s.get(cell).copied())
        {
            out.push_str(&format!("\n\nSolution: {}", puzzle.alphabet.symbol(d)));
        }
    }
    out
}

fn given_hover(puzzle: &Puzzle, cell: usize, d: u8) -> String {
    let shape = puzzle.shape;
    let symbol = puzzle.alphabet.symbol(d);
    // A digit placed after the start (`+5`, an `.sdx` `u`, ...) is a solved cell, not a given.
    let placed = puzzle
        .pencil
        .as_deref()
        .is_some_and(|pm| pm.is_placed(cell));
    let what = if placed { "Placed" } else { "Given" };
    let mut out = format!("{what} {symbol} at {}", shape.cell_name(cell));
    let clashes: Vec<String> = shape
        .units_of(cell)
        .into_iter()
        .flat_map(|unit| {
            shape
                .unit_cells(unit)
                .into_iter()
                .filter(move |&other| other != cell)
                .map(move |other| (unit, other))
        })
        .filter(|&(_, other)| puzzle.givens.get(other) == Some(&d))
        .map(|(unit, other)| format!("{} ({unit})", shape.cell_name(other)))
        .collect();
    if clashes.is_empty() {
        out.push_str(&format!("\n\nNo other {symbol} in its row, column or box."));
    } else {
        out.push_str(&format!("\n\nClashes with {}", clashes.join(", ")));
    }
    out
}

fn summary_hover(snap: &Snapshot, puzzle: &Puzzle) -> String {
    let grid = puzzle.grid();
    let mut out = format!(
        "Puzzle {}: {}, {} givens",
        puzzle.index + 1,
        puzzle.shape,
        grid.givens()
    );
    if let Some(title) = puzzle.directives.get("title") {
        out.push_str(&format!(" ({})", title.value));
    }
    let verdict = match snap.report(puzzle).map(|r| r.verdict) {
        Some(Verdict::Solutions(0)) => "No solution.",
        Some(Verdict::Solutions(1)) => "Exactly one solution.",
        Some(Verdict::Solutions(_)) => "Two or more solutions.",
        Some(Verdict::GaveUp) => "Undecided: the search budget ran out.",
        Some(Verdict::SyntaxError) => "Not solved: the puzzle has a syntax error.",
        None => "Not analysed yet.",
    };
    out.push_str("\n\n");
    out.push_str(verdict);
    out
}

/// The code actions for the selection `start..end`: every fix the core offers there, whatever
/// the finding's code (see [`fixes::fixes_at`]). A fix of a finding is a quick fix, preferred
/// when safe; an assist that resolves no finding (filling in) is a rewrite.
pub fn actions(snap: &Snapshot, start: usize, end: usize, settings: &Settings) -> Vec<Action> {
    fixes::fixes_at(
        &snap.analysis,
        TextRange::new(start, end),
        settings.show_solutions,
    )
    .into_iter()
    .map(|offered| {
        let preferred = offered.is_preferred();
        let kind = if offered.resolves.is_empty() {
            ActionKind::Rewrite
        } else {
            ActionKind::QuickFix
        };
        action(offered, kind, preferred)
    })
    .collect()
}

/// The one action that applies every safe fix of the document ([`fixes::fix_all`]), if any.
pub fn fix_all(snap: &Snapshot) -> Option<Action> {
    fixes::fix_all(&snap.analysis).map(|offered| action(offered, ActionKind::FixAll, false))
}

fn action(offered: Offered, kind: ActionKind, preferred: bool) -> Action {
    Action {
        title: offered.fix.title,
        kind,
        edits: offered.fix.edits,
        fixes: offered.resolves,
        preferred,
    }
}

/// The formatter's answer for a snapshot's text (only the paragraphs `range` touches, when
/// given). What it leaves untouched is logged, not shown: the editor simply gets no edit there.
pub fn format(
    snap: &Snapshot,
    style: &crate::format::Style,
    range: Option<TextRange>,
) -> crate::format::Formatted {
    let formatted = match range {
        Some(r) => crate::format::format_range(&snap.text, style, r),
        None => crate::format::format(&snap.text, style),
    };
    for u in &formatted.untouched {
        tracing::info!(
            line = snap.index.line_of(u.range.start) + 1,
            "formatting left a paragraph untouched: {}",
            u.reason
        );
    }
    formatted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use crate::finding::{Applicability, Code, Edit, Finding, Fix, Related};
    use crate::grid::Shape;
    use crate::syntax::{Alphabet, Directives, Layout};

    /// A 4x4 one-liner built by hand (the reader is written in parallel): `1.3.|..2.|...|...`.
    fn puzzle(givens: &str) -> (String, Puzzle) {
        let text = format!("{givens}\n");
        let shape = Shape::for_size(4).unwrap();
        let alphabet = Alphabet::default_for(4);
        let values: Vec<u8> = givens
            .chars()
            .map(|c| alphabet.value_of(c).unwrap_or(0))
            .collect();
        let p = Puzzle {
            index: 0,
            layout: Layout::OneLiner,
            shape,
            alphabet,
            givens: values,
            cells: (0..16).map(|i| TextRange::new(i, i + 1)).collect(),
            numbered_rows: vec![false; 4],
            first_line: TextRange::new(0, 16),
            range: TextRange::new(0, 16),
            trailing: None,
            rating: None,
            directives: Directives::default(),
            has_syntax_error: false,
            pencil: None,
            slot: None,
        };
        (text, p)
    }

    fn snapshot(
        text: String,
        p: Puzzle,
        report: Option<PuzzleReport>,
        findings: Vec<Finding>,
    ) -> Snapshot {
        let mut analysis = Analysis::default();
        analysis.file.puzzles.push(p);
        analysis.reports.extend(report);
        analysis.findings = findings;
        Snapshot {
            generation: 1,
            version: 1,
            index: LineIndex::new(&text),
            text,
            analysis: analysis.into(),
        }
    }

    #[test]
    fn hover_lists_candidates_and_never_the_solution_by_default() {
        let (text, p) = puzzle("1.3.....2.......");
        let solution = vec![1, 2, 3, 4, 3, 4, 2, 1, 2, 1, 4, 3, 4, 3, 1, 2];
        let report = PuzzleReport {
            index: 0,
            shape: p.shape,
            givens: 3,
            verdict: Verdict::Solutions(1),
            solution: Some(solution),
            first_line: p.first_line,
        };
        let snap = snapshot(text, p, Some(report), Vec::new());
        let (h, range) = hover(&snap, 1, &Settings::default(), &Tutor::default()).unwrap();
        assert_eq!(h.lines().next(), Some("Candidates: 2 4"));
        assert!(h.contains("r1c2"));
        assert!(!h.contains("Solution"));
        assert_eq!(range, TextRange::new(1, 2));
        let on = Settings {
            show_solutions: true,
            ..Settings::default()
        };
        assert!(hover(&snap, 1, &on, &Tutor::default())
            .unwrap()
            .0
            .ends_with("Solution: 2"));
        let (given, _) = hover(&snap, 0, &Settings::default(), &Tutor::default()).unwrap();
        assert!(given.starts_with("Given 1 at r1c1"), "{given}");
        let (ptext, mut placed) = puzzle("1.3.....2.......");
        let mut marks = vec![crate::grid::full_mask(4); 16];
        marks[2] = crate::grid::bit(3);
        let mut flags = vec![false; 16];
        flags[2] = true;
        placed.pencil = Some(std::sync::Arc::new(crate::syntax::PencilMarks {
            candidates: marks,
            placed: flags,
            lines: Vec::new(),
        }));
        let psnap = snapshot(ptext, placed, None, Vec::new());
        let (h, _) = hover(&psnap, 2, &Settings::default(), &Tutor::default()).unwrap();
        assert!(h.starts_with("Placed 3 at r1c3"), "{h}");
        let (h, _) = hover(&psnap, 0, &Settings::default(), &Tutor::default()).unwrap();
        assert!(h.starts_with("Given 1 at r1c1"), "{h}");

        let actions = actions(&snap, 1, 1, &Settings::default());
        let titles: Vec<&str> = actions.iter().map(|a| a.title.as_str()).collect();
        assert_eq!(titles, ["Fill in the solution", "Fill r1c2"]);
        let filled = crate::finding::apply_edits(&snap.text, &actions[0].edits).unwrap();
        assert_eq!(filled, "1234342121434312\n");
    }

    #[test]
    fn empty_cell_without_candidates_and_duplicate_quick_fixes() {
        let (text, p) = puzzle("1.1.2...4...3...");
        // The findings as `duplicate_digit` makes them: clearing either cell fixes them.
        let clear = |at: usize| Fix {
            title: format!("Clear r1c{}", at + 1),
            edits: vec![Edit {
                range: TextRange::new(at, at + 1),
                new_text: ".".into(),
            }],
            applicability: Applicability::Unsafe,
        };
        let dup = |at: usize, other: usize| Finding {
            related: vec![Related {
                elsewhere: None,
                message: "the other 1".into(),
                range: TextRange::new(other, other + 1),
            }],
            fixes: vec![clear(at), clear(other)],
            ..Finding::new(
                Code::DuplicateDigit,
                TextRange::new(at, at + 1),
                "1 twice in row 1",
            )
            .in_puzzle(0)
        };
        let snap = snapshot(text, p, None, vec![dup(0, 2), dup(2, 0)]);
        // r1c2 sees 1 in its row and 1, 2 in its box.
        let (h, _) = hover(&snap, 1, &Settings::default(), &Tutor::default()).unwrap();
        assert_eq!(h.lines().next(), Some("Candidates: 3 4"));
        assert!(h.contains("- row 1 holds 1\n- box 1 holds 1 2"), "{h}");
        // r1c2 here sees 1, 3 in its row, 2 in its column, 4 in its box.
        let (text, p) = puzzle("1.3.4....2......");
        let none = snapshot(text, p, None, Vec::new());
        let (h, _) = hover(&none, 1, &Settings::default(), &Tutor::default()).unwrap();
        assert_eq!(h.lines().next(), Some("Candidates: none"));
        let actions = actions(&snap, 0, 0, &Settings::default());
        let titles: Vec<&str> = actions.iter().map(|a| a.title.as_str()).collect();
        assert_eq!(titles, ["Clear r1c1", "Clear r1c3"]);
        let fixed = crate::finding::apply_edits(&snap.text, &actions[1].edits).unwrap();
        assert_eq!(fixed, "1...2...4...3...\n");
    }
}
