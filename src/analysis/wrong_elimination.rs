//! The checks of a pencil-mark puzzle's marks (docs/format.md#pencil-mark-grids):
//!
//! - `wrong-elimination`: a cell whose marks lack the digit of the reference solution, the
//!   recorded `@solution` when there is a readable one, else the unique solution of the solved
//!   cells alone. Without a reference nothing is said: the marks may be right, and the verdict on
//!   the state (`no-solution`, `multiple-solutions`) speaks instead.
//! - `no-candidates` on a cell whose marks are all solved in its row, column or box: a direct
//!   contradiction of the state, found before any search.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::{bit, digits, Mask, Unit};
use crate::solver::Outcome;
use crate::syntax::Directive;
use crate::text::TextRange;

/// Where the reference solution comes from.
enum Source<'a> {
    /// The puzzle's `@solution`.
    Recorded(&'a Directive),
    /// The unique solution of the solved cells alone.
    SolvedCells,
}

/// The recorded `@solution` read as values: one symbol of the alphabet per cell (spaces, `|`
/// and `,` only separate), with each symbol's range; `None` when it is not that
/// (`solution-mismatch` says why).
fn recorded(ctx: &PuzzleCtx, dir: &Directive) -> Option<(Vec<u8>, Vec<TextRange>)> {
    let p = ctx.puzzle;
    let mut values = Vec::with_capacity(p.shape.cells());
    let mut ranges = Vec::with_capacity(p.shape.cells());
    for (i, ch) in dir.value.char_indices() {
        if ch.is_whitespace() || matches!(ch, '|' | ',') {
            continue;
        }
        values.push(p.alphabet.value_of(ch)?);
        let start = dir.value_range.start + i;
        ranges.push(TextRange::new(start, start + ch.len_utf8()));
    }
    (values.len() == p.shape.cells()).then_some((values, ranges))
}

/// Reports each open cell whose `marks` lack the reference solution's digit; `solved_only` is
/// the count on the solved cells alone. Returns whether any was reported (the verdict then
/// leaves out a bare `no-solution`).
pub(super) fn check(
    ctx: &PuzzleCtx,
    marks: &[Mask],
    solved_only: &Outcome,
    out: &mut Vec<Finding>,
) -> bool {
    let p = ctx.puzzle;
    let shape = p.shape;
    let recorded = p
        .directives
        .get("solution")
        .and_then(|d| recorded(ctx, d).map(|r| (d, r)));
    let (reference, ranges, source) = match (&recorded, &solved_only.first) {
        (Some((d, (values, ranges))), _) => (values.as_slice(), Some(ranges), Source::Recorded(d)),
        (None, Some(s)) if solved_only.count == 1 && solved_only.complete => {
            (s.as_slice(), None, Source::SolvedCells)
        }
        _ => return false,
    };
    if reference.len() != shape.cells() || marks.len() != shape.cells() {
        return false;
    }
    let before = out.len();
    for cell in 0..shape.cells() {
        let d = reference[cell];
        if p.givens[cell] != 0 || d == 0 || marks[cell] & bit(d) != 0 {
            continue;
        }
        let name = shape.cell_name(cell);
        let sym = p.alphabet.symbol(d);
        let shown: String = digits(marks[cell]).map(|v| p.alphabet.symbol(v)).collect();
        let (whose, related) = match &source {
            Source::Recorded(dir) => (
                "the recorded @solution",
                Related {
                    message: format!("@solution has {sym} at {name}"),
                    range: ranges
                        .and_then(|r| r.get(cell).copied())
                        .unwrap_or(dir.value_range),
                },
            ),
            Source::SolvedCells => (
                "the only solution of the solved cells",
                Related {
                    message: format!(
                        "the solved cells alone have one solution, with {sym} at {name}"
                    ),
                    range: p.first_line,
                },
            ),
        };
        let marks_text = if shown.is_empty() {
            "no candidates".to_string()
        } else {
            format!("the candidates {shown}")
        };
        out.push(
            Finding::new(
                Code::WrongElimination,
                p.cells.at(cell),
                format!(
                    "{name} has {marks_text}, but {whose} puts {sym} there: {sym} was eliminated by mistake"
                ),
            )
            .in_puzzle(p.index)
            .with_related(vec![related]),
        );
    }
    out.len() > before
}

/// Reports each open cell whose marks are all solved in its row, column or box (`no-candidates`),
/// naming the solved cell that takes each of them; a cell that no symbol fits at all is the plain
/// `no-candidates` check's.
pub(super) fn emptied(ctx: &PuzzleCtx, marks: &[Mask], out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let shape = p.shape;
    if marks.len() != shape.cells() || p.givens.len() != shape.cells() {
        return;
    }
    let allowed = p.grid().candidates();
    for cell in 0..shape.cells() {
        if p.givens[cell] != 0 || allowed[cell] == 0 || marks[cell] & allowed[cell] != 0 {
            continue;
        }
        let name = shape.cell_name(cell);
        let mut reasons = Vec::new();
        let mut related = Vec::new();
        for d in digits(marks[cell]) {
            let by = shape.units_of(cell).into_iter().find_map(|u| {
                shape
                    .unit_cells(u)
                    .into_iter()
                    .find(|&o| p.givens[o] == d)
                    .map(|o| (u, o))
            });
            if let Some((unit, o)) = by {
                let sym = p.alphabet.symbol(d);
                let kind = match unit {
                    Unit::Row(_) => "row",
                    Unit::Col(_) => "column",
                    Unit::Box(_) => "box",
                };
                reasons.push(format!("{sym} ({kind}, {})", shape.cell_name(o)));
                related.push(Related {
                    message: format!("{} holds {sym}", shape.cell_name(o)),
                    range: p.cells.at(o),
                });
            }
        }
        let message = if reasons.is_empty() {
            format!("{name} has no candidates left: every symbol has been eliminated from it")
        } else {
            format!(
                "no candidate is left in {name}: each of its marks is already solved in its row, column or box: {}",
                reasons.join(", ")
            )
        };
        out.push(
            Finding::new(Code::NoCandidates, p.cells.at(cell), message)
                .in_puzzle(p.index)
                .with_related(related),
        );
    }
}
