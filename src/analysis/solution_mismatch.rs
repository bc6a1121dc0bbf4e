//! `solution-mismatch`: an `@solution` directive that is not the puzzle's solution: malformed,
//! breaking a rule, disagreeing with a given, or differing from the unique solution.

use super::PuzzleCtx;
use crate::finding::{Code, Finding, Related};
use crate::grid::Grid;

/// Reads `@solution` and compares it with the givens and, when known, the unique solution.
pub(super) fn check(ctx: &PuzzleCtx, unique: Option<&[u8]>, out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let Some(dir) = p.directives.get("solution") else {
        return;
    };
    let shape = p.shape;
    let at = dir.value_range;
    let mismatch = |message: String, related: Vec<Related>| {
        Finding::new(Code::SolutionMismatch, at, message)
            .in_puzzle(p.index)
            .with_related(related)
    };
    let symbols: Vec<char> = dir
        .value
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '|' | ','))
        .collect();
    if symbols.len() != shape.cells() {
        out.push(mismatch(
            format!(
                "@solution has {} symbols; a {}x{} solution has {}",
                symbols.len(),
                shape.size,
                shape.size,
                shape.cells()
            ),
            vec![],
        ));
        return;
    }
    let mut values = Vec::with_capacity(symbols.len());
    for (cell, &ch) in symbols.iter().enumerate() {
        match p.alphabet.value_of(ch) {
            Some(v) => values.push(v),
            None => {
                out.push(mismatch(
                    format!(
                        "@solution has `{ch}` for {}, which is not a symbol of this puzzle",
                        shape.cell_name(cell)
                    ),
                    vec![],
                ));
                return;
            }
        }
    }
    let against_givens: Vec<usize> = (0..shape.cells())
        .filter(|&c| p.givens[c] != 0 && p.givens[c] != values[c])
        .collect();
    if let Some(&c) = against_givens.first() {
        let related = against_givens
            .iter()
            .map(|&c| Related {
                message: format!(
                    "{} is given as {}, @solution says {}",
                    shape.cell_name(c),
                    p.alphabet.symbol(p.givens[c]),
                    p.alphabet.symbol(values[c])
                ),
                range: p.cells.at(c),
            })
            .collect();
        out.push(mismatch(
            format!(
                "@solution disagrees with the givens: it has {} at {} where the puzzle gives {}{}",
                p.alphabet.symbol(values[c]),
                shape.cell_name(c),
                p.alphabet.symbol(p.givens[c]),
                plural_more(against_givens.len() - 1)
            ),
            related,
        ));
        return;
    }
    let as_grid = Grid {
        shape,
        values: vec![0; shape.cells()],
    };
    if !as_grid.is_solved_by(&values) {
        out.push(mismatch(
            "@solution breaks the rules: a symbol repeats in a row, column or box".into(),
            vec![],
        ));
        return;
    }
    if let Some(solution) = unique {
        let differ: Vec<usize> = (0..shape.cells())
            .filter(|&c| solution.get(c) != values.get(c))
            .collect();
        if let Some(&c) = differ.first() {
            let related = differ
                .iter()
                .map(|&c| Related {
                    message: format!(
                        "{} is {} in the solution, {} in @solution",
                        shape.cell_name(c),
                        p.alphabet.symbol(solution[c]),
                        p.alphabet.symbol(values[c])
                    ),
                    range: p.cells.at(c),
                })
                .collect();
            out.push(mismatch(
                format!(
                    "@solution is not the puzzle's solution: {} is {}, not {}{}",
                    shape.cell_name(c),
                    p.alphabet.symbol(solution[c]),
                    p.alphabet.symbol(values[c]),
                    plural_more(differ.len() - 1)
                ),
                related,
            ));
        }
    }
}

fn plural_more(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => " (and 1 more cell)".into(),
        n => format!(" (and {n} more cells)"),
    }
}
