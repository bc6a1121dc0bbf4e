//! The fixes on offer in an analysed text, for the editor's code actions (and, later, a CLI
//! `--fix`): the fixes the findings carry, whatever their code, and the assists computed on
//! demand for the puzzle under the cursor. A new code's fix is offered by attaching it to its
//! findings (see `duplicate_digit.rs`); nothing here or in the editor names a code.

use std::collections::{BTreeMap, HashMap};

use super::{fill, SharedAnalysis};
use crate::finding::{Applicability, Edit, Finding, Fix};
use crate::text::TextRange;

/// The title of the fix that applies every safe fix of a text at once.
pub const FIX_ALL_TITLE: &str = "Fix all auto-fixable problems";

/// A fix on offer, with the findings it resolves: one or more for a finding's fix (the same
/// fix carried by two findings, such as clearing one of two clashing cells, is offered once),
/// none for an assist (a rewrite the user may want, such as filling in the solution).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offered {
    pub fix: Fix,
    pub resolves: Vec<Finding>,
}

impl Offered {
    /// A safe fix of a finding: the one to prefer, and one that fixing everything applies.
    /// An assist is never preferred: it resolves nothing.
    pub fn is_preferred(&self) -> bool {
        !self.resolves.is_empty() && self.fix.applicability == Applicability::Safe
    }
}

/// The fixes on offer for the selection `range`: first the assists for the puzzle at its start
/// (filling in the whole puzzle, and the blank cell there; `show_solutions` lets a cell's title
/// name its digit), then the fixes of every finding the selection touches, in position order.
pub fn fixes_at(analysis: &SharedAnalysis, range: TextRange, show_solutions: bool) -> Vec<Offered> {
    let mut out: Vec<Offered> = Vec::new();
    if let Some(puzzle) = analysis.puzzle_at(range.start) {
        if let Some(report) = analysis.report(puzzle.index) {
            if let Some(solution) = fill::unique_solution(&puzzle, &report) {
                let cell = puzzle.cell_at(range.start);
                out.extend(
                    fill::assists(&puzzle, solution, cell, show_solutions)
                        .into_iter()
                        .map(|fix| Offered {
                            fix,
                            resolves: Vec::new(),
                        }),
                );
            }
        }
    }
    // A selection of the whole text may touch many findings: titles are looked up, not searched.
    let mut by_title: HashMap<String, usize> = HashMap::new();
    for finding in analysis.findings_touching(range.start, range.end) {
        for fix in &finding.fixes {
            offer(&mut out, &mut by_title, fix, &finding);
        }
    }
    out
}

/// Every safe fix of the text's findings that does not overlap another, as one fix applied all
/// together (edits sorted by position), or `None` when there is none. A fix whose edits would
/// touch those of an earlier one (in position order) is left out whole: it can be applied
/// after the others, once the text is analysed again.
pub fn fix_all(analysis: &SharedAnalysis) -> Option<Offered> {
    let mut safe: Vec<Offered> = Vec::new();
    for finding in analysis.findings() {
        for fix in &finding.fixes {
            if fix.applicability == Applicability::Safe && !fix.edits.is_empty() {
                safe.push(Offered {
                    fix: fix.clone(),
                    resolves: vec![finding.clone()],
                });
            }
        }
    }
    // In position order (a fix's edits are sorted, so its first edit leads); the same edits
    // carried by two findings, now side by side, are applied once, resolving both.
    safe.sort_by(|a, b| a.fix.edits.cmp(&b.fix.edits));
    safe.dedup_by(|later, kept| {
        let same = later.fix.edits == kept.fix.edits;
        if same {
            kept.resolves.append(&mut later.resolves);
        }
        same
    });
    // Accepted edits: start -> end.
    let mut taken: BTreeMap<usize, usize> = BTreeMap::new();
    let mut edits: Vec<Edit> = Vec::new();
    let mut resolves = Vec::new();
    for o in safe {
        if o.fix.edits.iter().any(|e| overlaps_taken(&taken, e.range)) {
            continue;
        }
        for e in &o.fix.edits {
            taken.insert(e.range.start, e.range.end);
        }
        edits.extend(o.fix.edits);
        resolves.extend(o.resolves);
    }
    if edits.is_empty() {
        return None;
    }
    edits.sort();
    Some(Offered {
        fix: Fix {
            title: FIX_ALL_TITLE.to_string(),
            edits,
            applicability: Applicability::Safe,
        },
        resolves,
    })
}

/// Whether an edit of `range` would overlap one already taken, or start where one starts (two
/// insertions at one place have no agreed order).
fn overlaps_taken(taken: &BTreeMap<usize, usize>, range: TextRange) -> bool {
    let before = taken.range(..=range.start).next_back();
    let after = taken.range(range.start..).next();
    before.is_some_and(|(&s, &e)| s == range.start || e > range.start)
        || after.is_some_and(|(&s, _)| s == range.start || s < range.end)
}

/// Adds a finding's fix to those on offer (`by_title` indexes `out` by title): the same fix
/// (title and edits) offered by another finding resolves that one too; another fix with the
/// same title is left out, since a menu of two same-named actions could not be told apart.
fn offer(
    out: &mut Vec<Offered>,
    by_title: &mut HashMap<String, usize>,
    fix: &Fix,
    finding: &Finding,
) {
    match by_title.get(&fix.title).map(|&i| &mut out[i]) {
        Some(existing) => {
            if existing.fix.edits == fix.edits {
                existing.resolves.push(finding.clone());
            }
        }
        None => {
            by_title.insert(fix.title.clone(), out.len());
            out.push(Offered {
                fix: fix.clone(),
                resolves: vec![finding.clone()],
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Analysis};
    use crate::config::Config;
    use crate::finding::{apply_edits, Code};

    const UNIQUE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn fill_assists_resolve_nothing_and_are_never_preferred() {
        let text = format!("{UNIQUE}\n");
        let a: SharedAnalysis = analyze(&text, &Config::default()).into();
        let offered = fixes_at(&a, TextRange::new(2, 2), false);
        let titles: Vec<&str> = offered.iter().map(|o| o.fix.title.as_str()).collect();
        assert_eq!(titles, ["Fill in the solution", "Fill r1c3"]);
        assert!(offered
            .iter()
            .all(|o| o.resolves.is_empty() && !o.is_preferred()));
        let named = fixes_at(&a, TextRange::new(2, 2), true);
        assert_eq!(named[1].fix.title, "Fill r1c3 with 4");
        // Filling in answers the puzzle: never part of fixing everything.
        assert_eq!(fix_all(&a), None);
        // Outside any puzzle: nothing.
        assert!(fixes_at(&a, TextRange::new(82, 82), false).is_empty());
    }

    #[test]
    fn a_fix_carried_by_two_findings_is_offered_once_resolving_both() {
        let text = format!("{}\n", UNIQUE.replacen("53..7", "55..7", 1));
        let a: SharedAnalysis = analyze(&text, &Config::default()).into();
        let offered = fixes_at(&a, TextRange::new(0, 1), false);
        let titles: Vec<&str> = offered.iter().map(|o| o.fix.title.as_str()).collect();
        assert_eq!(titles, ["Clear r1c1", "Clear r1c2"], "{offered:?}");
        for o in &offered {
            assert_eq!(o.resolves.len(), 2);
            assert!(o.resolves.iter().all(|f| f.code == Code::DuplicateDigit));
            assert!(!o.is_preferred(), "clearing a given is not safe");
            let fixed = apply_edits(&text, &o.fix.edits).unwrap();
            let again = analyze(&fixed, &Config::default());
            assert!(again
                .findings
                .iter()
                .all(|f| f.code != Code::DuplicateDigit));
        }
        assert_eq!(fix_all(&a), None, "no safe fix");
    }

    /// Clearing a digit in a short grid row whose other cells are blanks drawn as dashes must
    /// not turn the row into a separator line (which `.` would: `---- . .`), or the rows below
    /// move up and a clash can stay under the same name (found by the `fixes` fuzz target).
    #[test]
    fn clearing_a_cell_keeps_a_row_of_dashes_a_row() {
        // The fix "Clear r8c6" offered at the `5` of `row` written as row 8.
        let clear_r8c6 = |row: &str| {
            let empty = ".........\n";
            let text = format!(
                "123......\n{}.....5...\n{empty}{row}\n{empty}",
                empty.repeat(4)
            );
            let a: SharedAnalysis = analyze(&text, &Config::default()).into();
            let at = text.find(row).unwrap() + row.find('5').unwrap();
            let offered = fixes_at(&a, TextRange::new(at, at), false);
            let clear = offered.into_iter().find(|o| o.fix.title == "Clear r8c6");
            (text, clear.expect("a fix clears r8c6").fix)
        };
        let (text, fix) = clear_r8c6("---- . 5");
        let fixed = apply_edits(&text, &fix.edits).unwrap();
        assert!(fixed.contains("\n---- . _\n"), "{fixed}");
        let again = analyze(&fixed, &Config::default());
        let codes: Vec<Code> = again.findings.iter().map(|f| f.code).collect();
        assert!(!codes.contains(&Code::DuplicateDigit), "{codes:?}");
        assert!(
            !codes.contains(&Code::RowCount),
            "the grid keeps its rows: {codes:?}"
        );
        // Where `.` keeps the row a row (a row of the right length), the fix writes `.`.
        assert_eq!(clear_r8c6("----.5...").1.edits[0].new_text, ".");
    }

    /// In a candidate line a cell is its field of `N` places: clearing a solved cell gives every
    /// place its symbol back, and the line keeps its length (writing `.` over the field shortened
    /// it, and the clash stayed under the same name; found by the `fixes` fuzz target).
    #[test]
    fn clearing_a_solved_cell_of_a_candidate_line_keeps_its_field() {
        let line = format!("1...1...{}", "1234".repeat(14));
        let text = format!("@size 4\n{line}\n");
        let a: SharedAnalysis = analyze(&text, &Config::default()).into();
        let at = text.find(&line).unwrap() + 4;
        let offered = fixes_at(&a, TextRange::new(at, at), false);
        let clear = offered.iter().find(|o| o.fix.title == "Clear r1c2");
        let fixed = apply_edits(&text, &clear.expect("a fix clears r1c2").fix.edits).unwrap();
        assert_eq!(fixed, format!("@size 4\n1...{}\n", "1234".repeat(15)));
        let again = analyze(&fixed, &Config::default());
        let codes: Vec<Code> = again.findings.iter().map(|f| f.code).collect();
        // Read as the same layout: only the puzzle's many solutions are left to report.
        assert_eq!(codes, [Code::MultipleSolutions], "{:?}", again.findings);
    }

    #[test]
    fn fixing_everything_takes_the_safe_fixes_of_findings_only() {
        let six = "3.2...\n....4.\n4.....\n.1...5\n.5...4\n...2..\n";
        let clash = UNIQUE.replacen("53..7", "55..7", 1);
        let text = format!("{six}\n{clash}\n\n{six}\n@box 3x2\n{six}\n{six}");
        let a: SharedAnalysis = analyze(&text, &Config::default()).into();
        let all = fix_all(&a).unwrap();
        assert_eq!(all.fix.title, FIX_ALL_TITLE);
        assert_eq!(all.fix.applicability, Applicability::Safe);
        let codes: Vec<Code> = all.resolves.iter().map(|f| f.code).collect();
        assert_eq!(codes, [Code::BoxShape; 3], "{all:?}");
        let out = apply_edits(&text, &all.fix.edits).unwrap();
        let again = analyze(&out, &Config::default());
        assert!(again.findings.iter().all(|f| f.code != Code::BoxShape));
        // The clash is left for the user to mend.
        assert!(again
            .findings
            .iter()
            .any(|f| f.code == Code::DuplicateDigit));
        assert_eq!(out.matches("@box 2x3").count(), 3, "{out}");
    }

    fn sudoku_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sudoku_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "sudoku") {
                out.push(path);
            }
        }
    }

    /// Every fix of every finding in the fixtures, applied alone, leaves text that reads as
    /// many puzzles with no new syntax error, and fewer findings of its code in its puzzle; and
    /// fixing everything safe at once leaves no safe fix behind.
    #[test]
    fn every_fix_in_the_fixtures_mends_its_finding() {
        let mut files = Vec::new();
        sudoku_files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
            &mut files,
        );
        files.sort();
        let config = Config::default();
        let mut applied = 0;
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue; // the encoding fixtures
            };
            let before = analyze(&text, &config);
            let count = |a: &Analysis, f: &Finding| {
                a.findings
                    .iter()
                    .filter(|g| g.code == f.code && g.puzzle == f.puzzle)
                    .count()
            };
            let syntax = |a: &Analysis| {
                a.findings
                    .iter()
                    .filter(|g| g.code.is_syntax_error() || g.code == Code::UnrecognizedLine)
                    .count()
            };
            for f in &before.findings {
                for fix in &f.fixes {
                    let out = apply_edits(&text, &fix.edits).unwrap();
                    let after = analyze(&out, &config);
                    let at = format!("{}: {} on {f:?}", path.display(), fix.title);
                    assert_eq!(after.file.puzzles.len(), before.file.puzzles.len(), "{at}");
                    assert!(syntax(&after) <= syntax(&before), "{at}");
                    assert!(count(&after, f) < count(&before, f), "{at}");
                    applied += 1;
                }
            }
            let shared: SharedAnalysis = before.into();
            if let Some(all) = fix_all(&shared) {
                let out = apply_edits(&text, &all.fix.edits).unwrap();
                let again: SharedAnalysis = analyze(&out, &config).into();
                assert_eq!(fix_all(&again), None, "{}", path.display());
            }
        }
        assert!(applied >= 5, "{applied} fixes applied");
    }

    #[test]
    fn overlapping_safe_fixes_are_taken_first_come() {
        let mut taken = BTreeMap::new();
        taken.insert(10, 20);
        taken.insert(30, 30);
        let r = TextRange::new;
        assert!(overlaps_taken(&taken, r(15, 16)));
        assert!(overlaps_taken(&taken, r(5, 11)));
        assert!(overlaps_taken(&taken, r(10, 10)));
        assert!(overlaps_taken(&taken, r(30, 31)));
        assert!(overlaps_taken(&taken, r(25, 35)));
        assert!(!overlaps_taken(&taken, r(20, 20)));
        assert!(!overlaps_taken(&taken, r(20, 30)));
        assert!(!overlaps_taken(&taken, r(5, 10)));
        assert!(!overlaps_taken(&taken, r(31, 40)));
    }
}
