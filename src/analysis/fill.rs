//! Filling in solutions: the edits behind `sudoku-lsp solve` and the editor's code actions.
//!
//! Only blank cells change, each replaced by its digit in the notation of its row, so comments,
//! directives, separators and spacing stay exactly as the author wrote them.

use crate::analysis::{Analysis, Verdict};
use crate::finding::{apply_edits, Edit};
use crate::syntax::Puzzle;

/// The edits that write `solution` into the blank cells of `puzzle` (only into `only` when it is
/// given), sorted by position. Cells whose text is empty (missing from a short row) are skipped:
/// such a puzzle has a syntax error and no verdict anyway.
pub fn fill_edits(puzzle: &Puzzle, solution: &[u8], only: Option<usize>) -> Vec<Edit> {
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
pub fn fill_all_edits(analysis: &Analysis) -> (Vec<Edit>, Vec<usize>, Vec<usize>) {
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
