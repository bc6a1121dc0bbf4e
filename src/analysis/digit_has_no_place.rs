//! `digit-has-no-place`: a row, column or box in which a missing symbol fits in no empty cell.
//! The finding sits on the unit's first cell; its related information shows, for each empty cell
//! of the unit, the given that keeps the symbol out.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::{bit, Unit};

/// Reports each unit with a missing symbol that fits nowhere in it, unless a clashing given
/// (`clashing`, by cell) keeps it out: the clash is the cause to show.
pub(super) fn check(ctx: &PuzzleCtx, clashing: &[bool], out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let shape = p.shape;
    let full = crate::grid::full_mask(shape.size);
    for (unit, cells) in shape.units().zip(&shape.tables().units) {
        // A filled cell contributes its own digit, an empty one its candidates: when the union
        // is every digit, each digit is placed or has a place, the common case.
        if cells.iter().fold(0, |m, &c| m | ctx.candidates[c]) == full {
            continue;
        }
        let empty: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| p.givens[c] == 0)
            .collect();
        // A full unit that misses a symbol holds a duplicate, which is reported on its own.
        if empty.is_empty() {
            continue;
        }
        let present = cells
            .iter()
            .filter(|&&c| p.givens[c] != 0)
            .fold(0, |m, &c| m | bit(p.givens[c]));
        for d in 1..=shape.size as u8 {
            if present & bit(d) != 0 || empty.iter().any(|&c| ctx.candidates[c] & bit(d) != 0) {
                continue;
            }
            let sym = p.alphabet.symbol(d);
            let blockers: Vec<(usize, usize)> = empty
                .iter()
                .filter_map(|&c| {
                    let blocker = shape
                        .units_of(c)
                        .into_iter()
                        .filter(|&u| u != unit)
                        .flat_map(|u| shape.unit_cells(u))
                        .find(|&o| p.givens[o] == d)?;
                    Some((c, blocker))
                })
                .collect();
            if blockers.iter().any(|&(_, b)| clashing[b]) {
                continue;
            }
            let related = blockers
                .iter()
                .map(|&(c, blocker)| Related {
                    elsewhere: None,
                    message: format!(
                        "{} cannot hold {sym}: {} holds it",
                        shape.cell_name(c),
                        shape.cell_name(blocker)
                    ),
                    range: p.cells.at(c),
                })
                .collect();
            let first = cells[0];
            let others = match unit {
                Unit::Row(_) => "column or box",
                Unit::Col(_) => "row or box",
                Unit::Box(_) => "row or column",
            };
            let message = format!(
                "{sym} has no place in {}: each of its {} empty cells already sees {sym} in its {others}",
                describe(unit, &shape),
                empty.len()
            );
            out.push(
                Finding::new(Code::DigitHasNoPlace, p.cells.at(first), message)
                    .in_puzzle(p.index)
                    .with_related(related),
            );
        }
    }
}

/// `row 3`, `column 5`, or `box 4 (r4c1-r6c3)` so a box can be found without counting.
fn describe(unit: Unit, shape: &crate::grid::Shape) -> String {
    match unit {
        Unit::Box(_) => {
            let cells = shape.unit_cells(unit);
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            format!("{unit} ({}-{})", shape.cell_name(a), shape.cell_name(b))
        }
        _ => unit.to_string(),
    }
}
