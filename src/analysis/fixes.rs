//! The fixes on offer in an analysed text, for the editor's code actions (and, later, a CLI
//! `--fix`): the fixes the findings carry, whatever their code, and the assists computed on
//! demand for the puzzle under the cursor. A new code's fix is offered by attaching it to its
//! findings (see `duplicate_digit.rs`); nothing here or in the editor names a code.

use std::collections::BTreeMap;

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
    for finding in analysis.findings_touching(range.start, range.end) {
        for fix in &finding.fixes {
            offer(&mut out, fix.clone(), &finding);
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
                offer(&mut safe, fix.clone(), &finding);
            }
        }
    }
    safe.sort_by_key(|o| o.fix.edits.iter().map(|e| e.range.start).min());
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

/// Adds a finding's fix to those on offer: the same fix (title and edits) offered by another
/// finding resolves that one too; another fix with the same title is left out, since a menu of
/// two same-named actions could not be told apart.
fn offer(out: &mut Vec<Offered>, fix: Fix, finding: &Finding) {
    match out.iter_mut().find(|o| o.fix.title == fix.title) {
        Some(existing) if existing.fix.edits == fix.edits => {
            existing.resolves.push(finding.clone());
        }
        Some(_) => {}
        None => out.push(Offered {
            fix,
            resolves: vec![finding.clone()],
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
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
