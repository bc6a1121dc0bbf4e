//! `duplicate-digit`: a symbol twice in a row, column or box. One finding on each clashing cell,
//! related to every cell it clashes with, with quick fixes that clear either cell.
//!
//! A garbled grid (a line of one repeated digit, a file that is not puzzles at all) has cells
//! clashing with every peer, and a report that grows with the square of the size: 1,400 lines
//! and 200 KB of memory for one 9x9 line. So a finding names at most [`MAX_NAMED`] of the cells
//! it clashes with, and a puzzle gets at most [`MAX_PER_SIZE`] findings per unit of its size;
//! the message says how many more there are.

use super::PuzzleCtx;
use crate::finding::{Applicability, Code, Edit, Finding, Fix, Related};

/// The most clashing cells one finding names (in its message, related cells and fixes).
const MAX_NAMED: usize = 8;
/// The most findings of a puzzle, per unit of its size (27 for a 9x9 grid).
const MAX_PER_SIZE: usize = 3;

/// Reports every clash and returns, for each cell, whether its given clashes.
pub(super) fn check(ctx: &PuzzleCtx, out: &mut Vec<Finding>) -> Vec<bool> {
    let p = ctx.puzzle;
    let shape = p.shape;
    let peers = &shape.tables().peers;
    let mut clashing = vec![false; p.givens.len()];
    if !has_clash(ctx) {
        return clashing;
    }
    let first = out.len();
    let most = MAX_PER_SIZE * shape.size;
    let mut unreported = 0;
    for (cell, &d) in p.givens.iter().enumerate() {
        if d == 0 {
            continue;
        }
        // The clashing cells, each with the kind of unit they share (row first, then column,
        // then box, so a cell sharing several units is named once, by its closest tie).
        let mut clashes: Vec<(usize, &str)> = peers[cell]
            .iter()
            .copied()
            .filter(|&o| p.givens[o] == d)
            .map(|o| {
                let unit = if shape.row(o) == shape.row(cell) {
                    "row"
                } else if shape.col(o) == shape.col(cell) {
                    "column"
                } else {
                    "box"
                };
                (o, unit)
            })
            .collect();
        if clashes.is_empty() {
            continue;
        }
        clashing[cell] = true;
        if out.len() - first == most {
            unreported += 1;
            continue;
        }
        let more = clashes.len().saturating_sub(MAX_NAMED);
        clashes.truncate(MAX_NAMED);
        let sym = p.alphabet.symbol(d);
        let name = shape.cell_name(cell);
        let listed: Vec<String> = clashes
            .iter()
            .map(|&(o, unit)| format!("{} (same {unit})", shape.cell_name(o)))
            .collect();
        let mut message = format!("{sym} at {name} clashes with {}", listed.join(", "));
        if more > 0 {
            message.push_str(&format!(" and {more} more"));
        }
        let related = clashes
            .iter()
            .map(|&(o, unit)| Related {
                elsewhere: None,
                message: format!("{} holds {sym} in the same {unit}", shape.cell_name(o)),
                range: p.cells.at(o),
            })
            .collect();
        let mut finding = Finding::new(Code::DuplicateDigit, p.cells.at(cell), message)
            .in_puzzle(p.index)
            .with_related(related);
        for target in std::iter::once(cell).chain(clashes.iter().map(|&(o, _)| o)) {
            if p.cells.at(target).is_empty() {
                continue;
            }
            finding = finding.with_fix(Fix {
                title: format!("Clear {}", shape.cell_name(target)),
                edits: vec![Edit {
                    range: p.cells.at(target),
                    new_text: cleared(p, target),
                }],
                applicability: Applicability::Unsafe,
            });
        }
        out.push(finding);
    }
    if unreported > 0 {
        if let Some(last) = out.last_mut() {
            last.message.push_str(&format!(
                " ({unreported} more cells of this puzzle clash; clear these first)"
            ));
        }
    }
    clashing
}

/// What a fix writes in place of `cell`'s digit. In a candidate line a cell is its field of `N`
/// places, and a solved cell is a field with one candidate: cleared, every place shows its
/// symbol again (the line keeps its length, and so its layout). Elsewhere a blank
/// ([`blank_for`]).
fn cleared(p: &crate::syntax::Puzzle, cell: usize) -> String {
    if p.layout == crate::syntax::Layout::CandidateLine {
        (1..=p.shape.size as u8)
            .map(|d| p.alphabet.symbol(d))
            .collect()
    } else {
        blank_for(p, cell).into()
    }
}

/// The blank a fix writes in place of `cell`'s digit: `.`, except in a grid row of the wrong
/// length whose other cells are all blank. There `.` could leave a line of blanks drawn as
/// border characters (`---- . .`), which the reader takes for a separator line
/// (docs/format.md#grids), and every row below would move up: the clash would stay, under the
/// same name. `_` is a blank in every alphabet and no border character, so the line stays a row.
fn blank_for(p: &crate::syntax::Puzzle, cell: usize) -> &'static str {
    // Unit `r` of the shape's tables is row `r`.
    let row = &p.shape.tables().units[p.shape.row(cell)];
    let others_blank = row.iter().all(|&c| c == cell || p.givens[c] == 0);
    if p.layout == crate::syntax::Layout::Grid && p.has_syntax_error && others_blank {
        "_"
    } else {
        "."
    }
}

/// One pass over the units with a bit mask each: the common case, no clash at all, costs no
/// allocation.
fn has_clash(ctx: &PuzzleCtx) -> bool {
    let givens = &ctx.puzzle.givens;
    ctx.puzzle.shape.tables().units.iter().any(|unit| {
        let mut seen = 0u32;
        unit.iter().any(|&c| {
            let v = givens[c];
            if v == 0 {
                return false;
            }
            let b = crate::grid::bit(v);
            let clash = seen & b != 0;
            seen |= b;
            clash
        })
    })
}
