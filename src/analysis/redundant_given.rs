//! `redundant-given` (info, off by default): a given that can be removed alone while the puzzle
//! keeps its one solution. Costs one search per given, so it runs only when the configuration
//! turns it on, and only on puzzles with exactly one solution (not pencil-mark states). Each
//! finding carries a fix that clears the given.

use crate::finding::{Applicability, Code, Edit, Finding, Fix};
use crate::generate::is_unique;
use crate::syntax::Puzzle;

/// Reports every given of `p` (known to have one solution) whose removal keeps it unique.
pub(crate) fn check(p: &Puzzle, out: &mut Vec<Finding>) {
    if p.pencil.is_some() {
        return;
    }
    let mut values = p.givens.clone();
    for cell in 0..values.len() {
        let given = values[cell];
        if given == 0 {
            continue;
        }
        values[cell] = 0;
        let removable = is_unique(p.shape, &values);
        values[cell] = given;
        if !removable || p.cells.at(cell).is_empty() {
            continue;
        }
        let name = p.shape.cell_name(cell);
        let finding = Finding::new(
            Code::RedundantGiven,
            p.cells.at(cell),
            format!(
                "the given {} at {name} is not needed: without it the puzzle still has one \
                 solution",
                p.alphabet.symbol(given)
            ),
        )
        .in_puzzle(p.index)
        .with_fix(Fix {
            title: format!("Remove the given at {name}"),
            edits: vec![Edit {
                range: p.cells.at(cell),
                new_text: ".".into(),
            }],
            applicability: Applicability::Unsafe,
        });
        out.push(finding);
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::analyze;
    use crate::config::Config;
    use crate::finding::{apply_edits, Code};
    use crate::grid::{Grid, Shape};
    use crate::solver::count_solutions;

    const FIXTURE: &str = include_str!("../../fixtures/redundant-given/extra-given.sudoku");

    fn on() -> Config {
        Config::from(
            crate::config::Settings::from_toml_str("[severity]\nredundant-given = \"info\"")
                .unwrap(),
        )
    }

    /// Exactly the givens whose removal alone leaves one solution (counted here directly) are
    /// reported; the fix leaves a minimal puzzle with nothing to report; off by default.
    #[test]
    fn reports_each_removable_given_and_its_fix_clears_it() {
        let a = analyze(FIXTURE, &on());
        let p = &a.file.puzzles[0];
        let expected: Vec<usize> = (0..81)
            .filter(|&c| p.givens[c] != 0)
            .filter(|&c| {
                let mut values = p.givens.clone();
                values[c] = 0;
                let grid = Grid::from_values(Shape::for_size(9).unwrap(), values).unwrap();
                count_solutions(&grid, 2).count == 1
            })
            .collect();
        let found: Vec<usize> = a
            .findings
            .iter()
            .filter(|f| f.code == Code::RedundantGiven)
            .map(|f| p.cell_at(f.range.start).unwrap())
            .collect();
        assert_eq!(found, expected);
        assert_eq!(found, vec![0]);
        let fixed = apply_edits(FIXTURE, &a.findings[0].fixes[0].edits).unwrap();
        assert!(fixed.contains("\n..6|..2|...\n"), "{fixed}");
        assert_eq!(analyze(&fixed, &on()).findings, vec![]);
        assert_eq!(analyze(FIXTURE, &Config::default()).findings, vec![]);
    }
}
