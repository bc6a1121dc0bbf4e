//! `no-candidates`: an empty cell that no symbol can fill, given the givens of its row, column and
//! box. The message says which given excludes each symbol.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::bit;

/// Reports each empty cell without a candidate, unless a clashing given (`clashing`, by cell)
/// is among those that empty it: the clash is the cause to show.
pub(super) fn check(ctx: &PuzzleCtx, clashing: &[bool], out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let shape = p.shape;
    for (cell, &m) in ctx.candidates.iter().enumerate() {
        if m != 0 || p.givens[cell] != 0 {
            continue;
        }
        let name = shape.cell_name(cell);
        let mut reasons = Vec::new();
        let mut related = Vec::new();
        for d in 1..=shape.size as u8 {
            // The closest given that excludes `d`: in the row, else the column, else the box.
            let units = shape.units_of(cell);
            let by = units.iter().find_map(|&u| {
                shape
                    .unit_cells(u)
                    .into_iter()
                    .find(|&o| p.givens[o] == d)
                    .map(|o| (u, o))
            });
            if by.is_some_and(|(_, o)| clashing[o]) {
                reasons.clear();
                break;
            }
            if let Some((unit, o)) = by {
                let sym = p.alphabet.symbol(d);
                let kind = match unit {
                    crate::grid::Unit::Row(_) => "row",
                    crate::grid::Unit::Col(_) => "column",
                    crate::grid::Unit::Box(_) => "box",
                };
                reasons.push(format!("{sym} ({kind}, {})", shape.cell_name(o)));
                related.push(Related {
                    elsewhere: None,
                    message: format!("{} holds {sym}", shape.cell_name(o)),
                    range: p.cells.at(o),
                });
            }
            debug_assert!(by.is_some() || ctx.candidates[cell] & bit(d) != 0);
        }
        if reasons.is_empty() {
            continue;
        }
        let message = format!(
            "no symbol fits {name}: every one is already in its row, column or box: {}",
            reasons.join(", ")
        );
        out.push(
            Finding::new(Code::NoCandidates, p.cells.at(cell), message)
                .in_puzzle(p.index)
                .with_related(related),
        );
    }
}
