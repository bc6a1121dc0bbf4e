//! The `fixes` target: every fix that any finding offers applies (its edits sorted, in bounds,
//! on char boundaries, apart), the text it gives reads again, and the finding it was offered for
//! is gone or changed; applying fixes round after round comes to an end.
//!
//! Written against the public `Finding::fixes`, `Fix`, `Edit` and `apply_edits` only, so that
//! whatever fixes the analysis offers are checked, with no knowledge of any one code.

use sudoku_lsp::analysis::Analysis;
use sudoku_lsp::finding::{apply_edits, Code, Edit, Finding, Fix};
use sudoku_lsp::text::TextRange;
use sudoku_lsp::{analyze, Config};

use crate::check_analysis;

/// How many fixes of one text are tried one by one: each costs an analysis of the whole text,
/// and a text with thousands of clashes must not reach the 10 s timeout. Past this, an even
/// spread of them is tried.
const MAX_CHECKED: usize = 32;

/// The analyses one input may cost beyond the first, counted in cells (a 25x25 puzzle is 625):
/// under the fuzzer's instrumentation a 25x25 search that runs out of its guess budget takes
/// over a second, so a text of big puzzles gets two re-analyses, a text of small ones many,
/// and none comes near the 10 s timeout.
const CELL_BUDGET: usize = 1250;

/// Rounds of "apply every fix that does not touch another" before the text must be fix-free.
/// Clearing clashes takes one round, filling a solution one more; anything that keeps going
/// this long is a loop.
const MAX_ROUNDS: usize = 16;

pub fn fixes(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let config = Config::default();
    let a = analyze(text, &config);
    check_analysis(text, &a);
    let all: Vec<(&Finding, &Fix)> = a
        .findings
        .iter()
        .flat_map(|f| f.fixes.iter().map(move |x| (f, x)))
        .collect();
    if all.is_empty() {
        return;
    }
    let cells: usize = a.file.puzzles.iter().map(|p| p.givens.len()).sum();
    let mut budget = CELL_BUDGET / cells.max(1);
    // Convergence first: it is the check a loop between two fixes would fail.
    budget -= converge(text, a.clone(), &config, budget);
    let step = all.len().div_ceil(MAX_CHECKED.min(budget).max(1));
    for &(finding, fix) in all.iter().step_by(step.max(1)).take(budget) {
        check_fix(text, &a, finding, fix, &config);
    }
}

/// Where a finding sits: the cell whose text its range is, or else its range.
#[derive(Debug, PartialEq, Eq)]
enum Place {
    Cell(usize),
    Range(TextRange),
}

/// What makes a finding "the same" before and after a fix: its code, puzzle, place and message.
#[derive(Debug, PartialEq, Eq)]
struct Key {
    code: Code,
    puzzle: Option<usize>,
    place: Place,
    message: String,
}

fn key(a: &Analysis, f: &Finding, range: TextRange) -> Key {
    let cell = f
        .puzzle
        .and_then(|i| a.file.puzzles.get(i))
        .and_then(|p| p.cells.iter().position(|c| c == f.range && !c.is_empty()));
    Key {
        code: f.code,
        puzzle: f.puzzle,
        place: cell.map_or(Place::Range(range), Place::Cell),
        message: f.message.clone(),
    }
}

/// Where `offset` of the text before `edits` (sorted) lands after them; `None` strictly inside
/// a replaced range. An edit that ends at `offset` (or inserts there) comes before it.
fn moved(offset: usize, edits: &[Edit]) -> Option<usize> {
    let mut delta = 0isize;
    for e in edits {
        if e.range.end <= offset {
            delta += e.new_text.len() as isize - e.range.len() as isize;
        } else if e.range.start < offset {
            return None;
        }
    }
    offset.checked_add_signed(delta)
}

fn check_fix(text: &str, a: &Analysis, finding: &Finding, fix: &Fix, config: &Config) {
    let title = &fix.title;
    assert!(!fix.edits.is_empty(), "fix {title:?} has no edit");
    for w in fix.edits.windows(2) {
        assert!(
            w[0].range.end <= w[1].range.start,
            "fix {title:?}: edits not sorted or overlapping: {:?}",
            fix.edits
        );
    }
    let Some(out) = apply_edits(text, &fix.edits) else {
        panic!("fix {title:?} does not apply: {:?}", fix.edits);
    };
    // The text reads again, whichever way it comes in.
    let _ = sudoku_lsp::syntax::decode(out.as_bytes());
    let b = analyze(&out, config);
    check_analysis(&out, &b);
    // A range that an edit replaced or cut into has changed by definition.
    let range = match (
        moved(finding.range.start, &fix.edits),
        moved(finding.range.end, &fix.edits),
    ) {
        (Some(s), Some(e)) if s <= e => TextRange::new(s, e),
        _ => return,
    };
    let before = key(a, finding, range);
    let still = b.findings.iter().find(|g| key(&b, g, g.range) == before);
    assert!(
        still.is_none(),
        "fix {title:?} leaves {} {:?} as it was: {:?}",
        finding.code,
        before.place,
        finding.message
    );
}

/// Applies, round after round, the first fix of every finding whose edits keep apart from those
/// already taken, until no finding offers a fix. Returns the analyses it made, at most `budget`:
/// a text whose analyses would cost more is left unjudged rather than timed out.
fn converge(text: &str, mut a: Analysis, config: &Config, budget: usize) -> usize {
    let mut text = text.to_string();
    for round in 0..MAX_ROUNDS {
        let mut chosen: Vec<Edit> = Vec::new();
        for fix in a.findings.iter().filter_map(|f| f.fixes.first()) {
            let apart = fix.edits.iter().all(|e| {
                chosen
                    .iter()
                    .all(|c| c.range.end < e.range.start || e.range.end < c.range.start)
            });
            if apart {
                chosen.extend(fix.edits.iter().cloned());
            }
        }
        if chosen.is_empty() {
            return round;
        }
        if round == budget {
            return round;
        }
        text = apply_edits(&text, &chosen)
            .unwrap_or_else(|| panic!("fixes that keep apart do not apply: {chosen:?}"));
        a = analyze(&text, config);
        check_analysis(&text, &a);
    }
    let left: Vec<_> = a
        .findings
        .iter()
        .filter(|f| !f.fixes.is_empty())
        .map(|f| (f.code, f.range))
        .collect();
    panic!("fixes still offered after {MAX_ROUNDS} rounds: {left:?}\n{text:?}");
}
