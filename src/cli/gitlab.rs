//! The `gitlab` format: a GitLab Code Quality report (a subset of the Code Climate spec), which
//! GitLab shows in merge requests when a job uploads it as `artifacts:reports:codequality`.
//!
//! ```json
//! [{"type":"issue","check_name":"duplicate-digit","description":"...","categories":["Bug Risk"],
//!   "fingerprint":"9f2c...","severity":"major",
//!   "location":{"path":"a.sudoku","lines":{"begin":2,"end":2}}}]
//! ```
//!
//! The fingerprint is a SHA-256 of the path, the code, the puzzle's index, the cell's index in
//! its puzzle and the message, never of a line number: an edit above a finding leaves its
//! fingerprint, so GitLab sees the same issue, not a fixed one and a new one. Findings that
//! would share a fingerprint within a piece of the file are told apart by their order.
//! Errors are `major`, warnings `minor`, information `info`.

use std::collections::HashMap;

use serde::Serialize;
use sha2::{Digest, Sha256};

use super::position::Locator;
use crate::analysis::Analysis;
use crate::finding::{Finding, Severity};

/// GitLab's name for a severity.
fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "major",
        Severity::Warning => "minor",
        Severity::Info => "info",
    }
}

#[derive(Serialize)]
struct Issue<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    check_name: &'static str,
    description: &'a str,
    categories: [&'static str; 1],
    fingerprint: String,
    severity: &'static str,
    location: Location<'a>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: u32,
    end: u32,
}

/// The index of the cell a finding starts in, within its puzzle, when it starts in one.
fn cell_of(a: &Analysis, f: &Finding) -> Option<usize> {
    let base = a.file.puzzles.first()?.index;
    let puzzle = a.file.puzzles.get(f.puzzle?.checked_sub(base)?)?;
    puzzle.cells.iter().position(|c| c.contains(f.range.start))
}

/// The fingerprint of a finding: what it is about, never where it sits; `occurrence` tells
/// apart findings that are otherwise the same.
pub fn fingerprint(path: &str, f: &Finding, cell: Option<usize>, occurrence: usize) -> String {
    let number = |n: Option<usize>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
    let key = format!(
        "{path}\0{}\0{}\0{}\0{}\0{occurrence}",
        f.code,
        number(f.puzzle),
        number(cell),
        f.message
    );
    Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Renders the findings of one piece of a file as issues, comma-separated; returns how many.
pub fn render_findings(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    a: &Analysis,
) -> usize {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, f) in a.findings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let cell = cell_of(a, f);
        let first = fingerprint(path, f, cell, 0);
        let occurrence = seen.entry(first.clone()).or_insert(0);
        *occurrence += 1;
        let print = match *occurrence {
            1 => first,
            n => fingerprint(path, f, cell, n - 1),
        };
        let (start, end) = locator.locate_range(f.range);
        let issue = Issue {
            kind: "issue",
            check_name: f.code.as_str(),
            description: &f.message,
            categories: ["Bug Risk"],
            fingerprint: print,
            severity: severity(f.severity),
            location: Location {
                path,
                lines: Lines {
                    begin: start.line + 1,
                    end: end.line + 1,
                },
            },
        };
        // Serializing plain strings and numbers cannot fail.
        if let Ok(s) = serde_json::to_string(&issue) {
            out.push_str(&s);
        }
    }
    a.findings.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::finding::Code;

    fn issues(text: &str) -> Vec<serde_json::Value> {
        let a = crate::analysis::analyze(text, &Config::default());
        let mut out = String::new();
        render_findings(&mut out, "p.sudoku", &mut Locator::new(text), &a);
        serde_json::from_str(&format!("[{out}]")).unwrap()
    }

    const CLASH: &str = "53..7.5..\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n\
                         7...2...6\n.6....28.\n...419..5\n....8..79\n";

    #[test]
    fn an_issue_per_finding_with_1_based_lines() {
        let got = issues(CLASH);
        assert_eq!(got.len(), 2, "{got:?}");
        let f = &got[0];
        assert_eq!(f["type"], "issue");
        assert_eq!(f["check_name"], "duplicate-digit");
        assert_eq!(f["severity"], "major");
        assert_eq!(f["categories"], serde_json::json!(["Bug Risk"]));
        assert_eq!(
            f["location"],
            serde_json::json!({"path": "p.sudoku", "lines": {"begin": 1, "end": 1}})
        );
        assert_eq!(f["fingerprint"].as_str().unwrap().len(), 64);
        assert_ne!(f["fingerprint"], got[1]["fingerprint"]);
    }

    #[test]
    fn fingerprints_survive_lines_added_above_and_follow_the_cell() {
        let before = issues(CLASH);
        let after = issues(&format!("# a comment\n\n# another\n{CLASH}"));
        assert_eq!(after[0]["location"]["lines"]["begin"], 4);
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(b["fingerprint"], a["fingerprint"]);
        }
        let f = Finding::new(Code::NoSolution, crate::text::TextRange::new(0, 1), "m").in_puzzle(0);
        let one = fingerprint("p.sudoku", &f, Some(3), 0);
        assert_ne!(one, fingerprint("p.sudoku", &f, Some(4), 0));
        assert_ne!(one, fingerprint("q.sudoku", &f, Some(3), 0));
        assert_ne!(
            one,
            fingerprint("p.sudoku", &f.clone().in_puzzle(1), Some(3), 0)
        );
        assert_ne!(one, fingerprint("p.sudoku", &f, Some(3), 1));
    }

    #[test]
    fn the_same_finding_twice_gets_two_fingerprints() {
        let got = issues("hello\nhello\n");
        let lines: Vec<_> = got
            .iter()
            .filter(|i| i["check_name"] == "unrecognized-line")
            .collect();
        assert_eq!(lines.len(), 2, "{got:?}");
        assert_eq!(lines[0]["description"], lines[1]["description"]);
        assert_ne!(lines[0]["fingerprint"], lines[1]["fingerprint"]);
    }
}
