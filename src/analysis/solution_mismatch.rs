//! `solution-mismatch`: an `@solution` directive that is not the puzzle's solution: malformed,
//! breaking a rule, disagreeing with a given, or differing from the unique solution. When the
//! puzzle has exactly one solution, the fix writes it over the recorded one.

use super::PuzzleCtx;
use crate::finding::{Applicability, Code, Edit, Finding, Fix, Related};
use crate::grid::Grid;
use crate::syntax::{Directive, Puzzle};

/// Whether a character of an `@solution` value is a symbol (spaces, `|` and `,` only separate).
fn is_symbol(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '|' | ',')
}

/// The fix that writes the unique `solution` over the recorded one, in its notation: the same
/// separators and letter case when it has one symbol per cell, else one line of symbols.
/// Unsafe: the puzzle may be what is wrong (a mistyped given that still leaves one solution),
/// and then the recorded solution is the author's evidence of what was meant.
fn replace_fix(p: &Puzzle, dir: &Directive, solution: &[u8]) -> Fix {
    let cells = p.shape.cells();
    let new_text = if dir.value.chars().filter(|&c| is_symbol(c)).count() == cells {
        let mut values = solution.iter();
        dir.value
            .chars()
            .map(|c| {
                if !is_symbol(c) {
                    return c;
                }
                // As many symbols as values: `next` always has one.
                let d = p.alphabet.symbol(values.next().copied().unwrap_or(0));
                if c.is_ascii_lowercase() {
                    d.to_ascii_lowercase()
                } else {
                    d
                }
            })
            .collect()
    } else {
        p.alphabet.line(solution)
    };
    Fix {
        title: "Replace the recorded solution".into(),
        edits: vec![Edit {
            range: dir.value_range,
            new_text,
        }],
        applicability: Applicability::Unsafe,
    }
}

/// Reads `@solution` and compares it with the givens and, when known, the unique solution.
pub(super) fn check(ctx: &PuzzleCtx, unique: Option<&[u8]>, out: &mut Vec<Finding>) {
    let p = ctx.puzzle;
    let Some(dir) = p.directives.get("solution") else {
        return;
    };
    let shape = p.shape;
    let at = dir.value_range;
    // A default `@solution` of the file holds for every puzzle: not this puzzle's to rewrite.
    let own = !ctx.file_defaults.all.iter().any(|d| d.range == dir.range);
    // Made only for a finding: a table of millions of rows records a solution in each.
    let fixes = || {
        unique
            .filter(|s| own && s.len() == shape.cells())
            .map(|s| replace_fix(p, dir, s))
            .into_iter()
            .collect()
    };
    let mismatch = |message: String, related: Vec<Related>| Finding {
        fixes: fixes(),
        ..Finding::new(Code::SolutionMismatch, at, message)
            .in_puzzle(p.index)
            .with_related(related)
    };
    // One pass: each symbol's value (0 for a character that is no symbol of the puzzle), and
    // the first such character with its cell; byte by byte where the value is ASCII (as a
    // table's million recorded solutions are).
    let mut values = Vec::with_capacity(shape.cells());
    let mut stranger = None;
    if dir.value.is_ascii() {
        let table = p.alphabet.ascii_values();
        for &b in dir.value.as_bytes() {
            // The ASCII characters `is_symbol` rejects.
            if matches!(b, b' ' | b'\t'..=b'\r' | b'|' | b',') {
                continue;
            }
            let v = table[b as usize & 127];
            if v == 0 {
                stranger.get_or_insert((values.len(), b as char));
            }
            values.push(v);
        }
    } else {
        for ch in dir.value.chars().filter(|&c| is_symbol(c)) {
            let v = p.alphabet.value_of(ch).unwrap_or_else(|| {
                stranger.get_or_insert((values.len(), ch));
                0
            });
            values.push(v);
        }
    }
    if values.len() != shape.cells() {
        out.push(mismatch(
            format!(
                "@solution has {} symbols; a {}x{} solution has {}",
                values.len(),
                shape.size,
                shape.size,
                shape.cells()
            ),
            vec![],
        ));
        return;
    }
    if let Some((cell, ch)) = stranger {
        out.push(mismatch(
            format!(
                "@solution has `{ch}` for {}, which is not a symbol of this puzzle",
                shape.cell_name(cell)
            ),
            vec![],
        ));
        return;
    }
    // The unique solution itself: it agrees with the givens and keeps the rules.
    if unique == Some(values.as_slice()) {
        return;
    }
    let against_givens: Vec<usize> = (0..shape.cells())
        .filter(|&c| p.givens[c] != 0 && p.givens[c] != values[c])
        .collect();
    if let Some(&c) = against_givens.first() {
        let related = against_givens
            .iter()
            .map(|&c| Related {
                elsewhere: None,
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
                    elsewhere: None,
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

#[cfg(test)]
mod tests {
    use crate::analysis::analyze;
    use crate::config::Config;
    use crate::finding::{apply_edits, Applicability, Code, Finding};

    const GRID: &str = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n\
                        .6....28.\n...419..5\n....8..79\n";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn mismatch(text: &str) -> Vec<Finding> {
        analyze(text, &Config::default())
            .findings
            .into_iter()
            .filter(|f| f.code == Code::SolutionMismatch)
            .collect()
    }

    /// Applies the one fix of the one finding: the text must then read with no mismatch and
    /// nothing else new.
    fn replaced(text: &str) -> String {
        let before = analyze(text, &Config::default()).findings;
        let found = mismatch(text);
        let [finding] = found.as_slice() else {
            panic!("{found:?}")
        };
        let [fix] = finding.fixes.as_slice() else {
            panic!("{:?}", finding.fixes)
        };
        assert_eq!(fix.title, "Replace the recorded solution");
        assert_eq!(fix.applicability, Applicability::Unsafe);
        let out = apply_edits(text, &fix.edits).unwrap();
        let after = analyze(&out, &Config::default()).findings;
        assert!(mismatch(&out).is_empty(), "{out}");
        assert_eq!(after.len(), before.len() - 1, "{after:?}");
        out
    }

    #[test]
    fn the_recorded_solution_is_replaced_in_its_notation() {
        // One symbol off, written plain: replaced plain.
        let wrong = SOLUTION.replacen("534", "532", 1);
        let text = format!("@solution {wrong}\n{GRID}");
        assert_eq!(replaced(&text), format!("@solution {SOLUTION}\n{GRID}"));
        // Written row by row with separators: the separators stay.
        let rows: Vec<&str> = (0..9).map(|r| &SOLUTION[r * 9..r * 9 + 9]).collect();
        let spaced = rows.join(" | ");
        let text = format!("@solution {}\n{GRID}", spaced.replacen('4', "1", 1));
        assert_eq!(replaced(&text), format!("@solution {spaced}\n{GRID}"));
        // Too short: the whole solution on one line.
        let text = format!("@solution 1234\n{GRID}");
        assert_eq!(replaced(&text), format!("@solution {SOLUTION}\n{GRID}"));
        // Against the givens, in the fixture: a valid grid with 1 and 2 swapped.
        let text = include_str!("../../fixtures/solution-mismatch/relabelled.sudoku");
        let out = replaced(text);
        assert!(out.contains(&format!("\n@solution {SOLUTION}\n")), "{out}");
    }

    #[test]
    fn no_replacement_without_one_solution_or_for_the_files_default() {
        // Two solutions: nothing to replace with.
        let loose = GRID.replacen("53..7....\n6..195", ".........\n......", 1);
        let found = mismatch(&format!("@solution 1234\n{loose}"));
        assert!(found.len() == 1 && found[0].fixes.is_empty(), "{found:?}");
        // A default of the file holds for every puzzle.
        let found = mismatch(&format!("@solution 1234\n\n{GRID}"));
        assert!(found.len() == 1 && found[0].fixes.is_empty(), "{found:?}");
    }
}
