//! Filling in solutions: the edits behind `sudoku-lsp solve` and the assists "Fill in the
//! solution" and "Fill r3c5" that [`super::fixes::fixes_at`] offers for the puzzle under the
//! cursor.
//!
//! Only blank cells change, each replaced by its digit in the notation of its row, so comments,
//! directives, separators and spacing stay exactly as the author wrote them.

use crate::analysis::{Analysis, PuzzleReport, Verdict};
use crate::finding::{apply_edits, Applicability, Edit, Fix};
use crate::syntax::Puzzle;

/// The solution of `puzzle` when `report` (its report) says it has exactly one.
pub fn unique_solution<'r>(puzzle: &Puzzle, report: &'r PuzzleReport) -> Option<&'r [u8]> {
    match (report.verdict, &report.solution) {
        (Verdict::Solutions(1), Some(s)) if s.len() == puzzle.givens.len() => Some(s),
        _ => None,
    }
}

/// The assists that fill in a puzzle with its unique `solution`: the whole puzzle ("Fill in the
/// solution"), and the blank `cell` under the cursor if any ("Fill r3c5", or "Fill r3c5 with 7"
/// when `show_solutions` lets the title name the digit). Computed on demand, never stored: a
/// large collection would otherwise carry one per blank cell. Unsafe, since a filled-in grid is
/// no longer a puzzle: they are never applied unseen.
pub fn assists(
    puzzle: &Puzzle,
    solution: &[u8],
    cell: Option<usize>,
    show_solutions: bool,
) -> Vec<Fix> {
    let fix = |title: String, edits: Vec<Edit>| Fix {
        title,
        edits,
        applicability: Applicability::Unsafe,
    };
    let mut out = Vec::new();
    let whole = fill_edits(puzzle, solution, None);
    if !whole.is_empty() {
        out.push(fix("Fill in the solution".to_string(), whole));
    }
    if let Some(cell) = cell {
        let edits = fill_edits(puzzle, solution, Some(cell));
        if let (false, Some(&d)) = (edits.is_empty(), solution.get(cell)) {
            let name = puzzle.shape.cell_name(cell);
            let title = if show_solutions {
                format!("Fill {name} with {}", puzzle.alphabet.symbol(d))
            } else {
                format!("Fill {name}")
            };
            out.push(fix(title, edits));
        }
    }
    out
}

/// The edits that write `solution` into the blank cells of `puzzle` (only into `only` when it is
/// given), sorted by position. Cells whose text is empty (missing from a short row) are skipped:
/// such a puzzle has a syntax error and no verdict anyway.
fn fill_edits(puzzle: &Puzzle, solution: &[u8], only: Option<usize>) -> Vec<Edit> {
    puzzle
        .cells
        .iter()
        .enumerate()
        .filter(|&(cell, range)| {
            only.is_none_or(|o| o == cell)
                && !range.is_empty()
                && puzzle.givens.get(cell) == Some(&0)
                && solution.get(cell).is_some_and(|&d| d != 0)
        })
        .map(|(cell, range)| Edit {
            range,
            new_text: puzzle.write_digit(cell, solution[cell]),
        })
        .collect()
}

/// What filling in a whole file did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filled {
    /// The text with every uniquely solvable puzzle filled in.
    pub text: String,
    /// Indexes of puzzles filled in (already complete ones included).
    pub filled: Vec<usize>,
    /// Indexes of puzzles that could not be filled (no unique solution, or undecided).
    pub unfilled: Vec<usize>,
}

/// The edits that fill in every uniquely solvable puzzle of an analysed file.
fn fill_all_edits(analysis: &Analysis) -> (Vec<Edit>, Vec<usize>, Vec<usize>) {
    let mut edits = Vec::new();
    let (mut filled, mut unfilled) = (Vec::new(), Vec::new());
    for (puzzle, report) in analysis.file.puzzles.iter().zip(&analysis.reports) {
        match (&report.verdict, &report.solution) {
            (Verdict::Solutions(1), Some(solution)) => {
                edits.extend(fill_edits(puzzle, solution, None));
                filled.push(puzzle.index);
            }
            _ => unfilled.push(puzzle.index),
        }
    }
    (edits, filled, unfilled)
}

/// Fills in every uniquely solvable puzzle of `text`, given its analysis.
pub fn fill_text(text: &str, analysis: &Analysis) -> Filled {
    let (edits, filled, unfilled) = fill_all_edits(analysis);
    // The edits come from the reader's own ranges, which never overlap; should that ever fail,
    // the text is returned unchanged rather than half-edited.
    match apply_edits(text, &edits) {
        Some(text) => Filled {
            text,
            filled,
            unfilled,
        },
        None => Filled {
            text: text.to_string(),
            filled: Vec::new(),
            unfilled: analysis.file.puzzles.iter().map(|p| p.index).collect(),
        },
    }
}
