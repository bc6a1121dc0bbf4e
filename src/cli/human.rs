//! The `human` format, in the manner of rustc and ruff:
//!
//! ```text
//! puzzles/a.sudoku:3:5: error[duplicate-digit]: 5 appears twice in row 1
//!   |
//! 3 | 5...5....
//!   |     ^
//!   = note: puzzles/a.sudoku:3:1: r1c1 also has 5
//! ```
//!
//! The first line is `path:line:col` (1-based, columns in Unicode scalar values) so terminals and
//! editors can jump to it; a closing line counts what was found.

use std::fmt::Write as _;

use super::position::Locator;
use super::style::{printable, sanitize, Style};
use crate::analysis::{Analysis, Difficulty, Verdict};
use crate::finding::{Code, Finding, Severity};
use crate::text::TextRange;

/// Source lines longer than this many characters are shown as a window around the finding.
const MAX_SNIPPET: usize = 100;
/// How much of a long line to show before the finding's start.
const CONTEXT_BEFORE: usize = 30;

/// Renders findings of one file, each followed by a blank line. `locator` is over the whole
/// file's text, so a long file can be rendered piece by piece.
pub fn render_findings(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    findings: &[Finding],
    style: Style,
) {
    let path = sanitize(path);
    for finding in findings {
        render_finding(out, &path, locator, finding, style);
    }
}

/// [`render_findings`] for `check --rate`: after each puzzle's findings (those before its end, or
/// about it), a line with its difficulty: `path:5: puzzle 1: hard · 1240 (hardest: x-wing)`.
pub fn render_with_difficulty(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    a: &Analysis,
    style: Style,
) {
    let shown = sanitize(path);
    let mut findings = a.findings.iter().peekable();
    for (i, (puzzle, report)) in a.file.puzzles.iter().zip(&a.reports).enumerate() {
        while let Some(f) = findings.next_if(|f| {
            f.range.start < puzzle.range.end || f.puzzle.is_some_and(|p| p <= puzzle.index)
        }) {
            render_finding(out, &shown, locator, f, style);
        }
        let line = locator.locate(report.first_line.start).line + 1;
        let what = match (a.difficulties.get(i).copied().flatten(), report.verdict) {
            (Some(d), _) => difficulty_text(&d),
            (None, Verdict::Solutions(1)) => "not rated: the engine stopped short".to_string(),
            (None, Verdict::Solutions(0)) => "not rated: it has no solution".to_string(),
            (None, Verdict::Solutions(_)) => "not rated: it has several solutions".to_string(),
            (None, Verdict::SyntaxError) => "not rated: it has a syntax error".to_string(),
            (None, Verdict::GaveUp) => "not rated: undecided".to_string(),
        };
        let _ = writeln!(
            out,
            "{}: {}: {what}",
            style.bold(&format!("{shown}:{line}")),
            puzzle.label()
        );
    }
    for f in findings {
        render_finding(out, &shown, locator, f, style);
    }
}

/// `hard · 1240 (hardest: x-wing)`, as `check --rate` and `explain` show a difficulty.
pub fn difficulty_text(d: &Difficulty) -> String {
    match d.hardest {
        Some(t) => format!("{} · {} (hardest: {})", d.level, d.score, t.id()),
        None => format!("{} · {} (already complete)", d.level, d.score),
    }
}

fn render_finding(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    finding: &Finding,
    style: Style,
) {
    let (start, _) = locator.locate_range(finding.range);
    let label = format!("{}[{}]", finding.severity, finding.code);
    let _ = writeln!(
        out,
        "{}: {}: {}",
        style.bold(&format!("{path}:{}:{}", start.line + 1, start.col + 1)),
        style.severity(finding.severity, &label),
        style.bold(&sanitize(&finding.message)),
    );

    let line_no = (start.line + 1).to_string();
    let pad = " ".repeat(line_no.len());
    if let Some(snippet) = snippet(locator, finding.range) {
        let _ = writeln!(out, "{pad} {}", style.gutter("|"));
        let _ = writeln!(
            out,
            "{} {}",
            style.gutter(&format!("{line_no} |")),
            snippet.line
        );
        let marks = format!(
            "{}{}",
            " ".repeat(snippet.caret_col),
            "^".repeat(snippet.caret_len.max(1))
        );
        let _ = writeln!(
            out,
            "{pad} {} {}",
            style.gutter("|"),
            style.severity(finding.severity, &marks)
        );
    }
    for related in &finding.related {
        let (file, line, col) = match &related.elsewhere {
            Some(e) => (sanitize(&e.path), e.line, 1),
            None => {
                let at = locator.locate(related.range.start);
                (path.to_string(), at.line + 1, at.col + 1)
            }
        };
        let _ = writeln!(
            out,
            "{pad} {} {}: {file}:{line}:{col}: {}",
            style.gutter("="),
            style.bold("note"),
            sanitize(&related.message)
        );
    }
    for fix in &finding.fixes {
        let _ = writeln!(
            out,
            "{pad} {} {}: {}",
            style.gutter("="),
            style.bold("help"),
            sanitize(&fix.title)
        );
    }
    out.push('\n');
}

/// One source line made printable, and where the caret goes under it.
#[derive(Debug, PartialEq, Eq)]
struct Snippet {
    line: String,
    caret_col: usize,
    caret_len: usize,
}

/// The line holding the start of `range`, cut to a window around it when long. A range that
/// runs past the end of its line is underlined to the line's end.
fn snippet(locator: &mut Locator<'_>, range: TextRange) -> Option<Snippet> {
    let (line_start, line_text) = locator.line_at(range.start)?;
    if line_text.is_empty() && locator.lines() <= 1 {
        // Nothing to show: an empty file, or one that could not be decoded.
        return None;
    }
    // Offsets relative to the line; the start may sit on the line terminator (clamp to its end).
    let s = crate::text::floor_char_boundary(
        line_text,
        range.start.saturating_sub(line_start).min(line_text.len()),
    );
    let e = crate::text::floor_char_boundary(
        line_text,
        range
            .end
            .saturating_sub(line_start)
            .clamp(s, line_text.len()),
    );

    // The window: at most CONTEXT_BEFORE characters before the start, MAX_SNIPPET in all.
    let (from, to) = if line_text.len() <= MAX_SNIPPET {
        (0, line_text.len())
    } else {
        let from = line_text[..s]
            .char_indices()
            .rev()
            .nth(CONTEXT_BEFORE.saturating_sub(1))
            .map_or(0, |(i, _)| i);
        let to = line_text[from..]
            .char_indices()
            .nth(MAX_SNIPPET)
            .map_or(line_text.len(), |(i, _)| from + i);
        (from, to.max(s))
    };
    let mut shown = String::new();
    let mut caret_col = 0;
    if from > 0 {
        shown.push('…');
        caret_col += 1;
    }
    shown.extend(line_text[from..to].chars().map(printable));
    if to < line_text.len() {
        shown.push('…');
    }
    caret_col += line_text[from..s].chars().count();
    let caret_len = line_text[s..e.min(to).max(s)].chars().count();
    Some(Snippet {
        line: shown,
        caret_col,
        caret_len,
    })
}

/// What a whole run found, for the closing line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub puzzles: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    /// Files with at least one finding.
    pub files_with_findings: usize,
    /// Findings per code, indexed by `code as usize` (the order of `Code::ALL`).
    pub by_code: [usize; Code::ALL.len()],
}

impl Totals {
    pub fn add(&mut self, other: &Totals) {
        self.files += other.files;
        self.puzzles += other.puzzles;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.infos += other.infos;
        self.files_with_findings += other.files_with_findings;
        for (mine, theirs) in self.by_code.iter_mut().zip(other.by_code) {
            *mine += theirs;
        }
    }

    /// Counts one finding.
    pub fn count(&mut self, f: &Finding) {
        match f.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.infos += 1,
        }
        self.by_code[f.code as usize] += 1;
    }
}

/// `check --statistics`: one line per code found, most frequent first (then in code order), as
/// `  12  duplicate-digit  A symbol is given twice in a row, column or box`; empty when
/// nothing was found.
pub fn statistics(t: &Totals) -> String {
    let mut found: Vec<(usize, Code)> = Code::ALL
        .into_iter()
        .map(|c| (t.by_code[c as usize], c))
        .filter(|&(n, _)| n > 0)
        .collect();
    found.sort_by_key(|&(n, c)| (std::cmp::Reverse(n), c));
    let count_width = found.first().map_or(0, |(n, _)| n.to_string().len());
    let code_width = found
        .iter()
        .map(|(_, c)| c.as_str().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (n, code) in found {
        let _ = writeln!(
            out,
            "{n:>count_width$}  {:<code_width$}  {}",
            code.as_str(),
            code.description()
        );
    }
    out
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The closing line: `Found 3 errors and 1 warning in 2 files (12 puzzles in 5 files checked).`
/// or `All checked: 12 puzzles in 2 files, no problems.`
pub fn summary(t: &Totals) -> String {
    let checked = format!(
        "{} in {}",
        plural(t.puzzles, "puzzle", "puzzles"),
        plural(t.files, "file", "files")
    );
    let mut parts = Vec::new();
    if t.errors > 0 {
        parts.push(plural(t.errors, "error", "errors"));
    }
    if t.warnings > 0 {
        parts.push(plural(t.warnings, "warning", "warnings"));
    }
    if t.infos > 0 {
        parts.push(plural(t.infos, "info", "infos"));
    }
    let found = match parts.as_slice() {
        [] => return format!("All checked: {checked}, no problems."),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    format!(
        "Found {found} in {} ({checked} checked).",
        plural(t.files_with_findings, "file", "files")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Related;

    fn render(text: &str, findings: &[Finding]) -> String {
        let mut out = String::new();
        render_findings(
            &mut out,
            "p.sudoku",
            &mut Locator::new(text),
            findings,
            Style::new(false),
        );
        out
    }

    #[test]
    fn caret_under_the_cell_and_notes_with_locations() {
        let text = "# c\n5...5....\n";
        let first = text.find('5').unwrap();
        let second = text.rfind('5').unwrap();
        let f = Finding::new(
            Code::DuplicateDigit,
            TextRange::new(second, second + 1),
            "5 appears twice in row 1",
        )
        .with_related(vec![Related {
            elsewhere: None,
            message: "r1c1 also has 5".into(),
            range: TextRange::new(first, first + 1),
        }]);
        assert_eq!(
            render(text, &[f]),
            "p.sudoku:2:5: error[duplicate-digit]: 5 appears twice in row 1\n  |\n2 | \
             5...5....\n  |     ^\n  = note: p.sudoku:2:1: r1c1 also has 5\n\n"
        );
    }

    #[test]
    fn columns_count_characters_and_controls_are_neutralised() {
        let text = "║\t5\x1b║x\r\n";
        let x = text.find('x').unwrap();
        let f = Finding::new(Code::InvalidSymbol, TextRange::new(x, x + 1), "bad `\x1b`");
        assert_eq!(
            render(text, &[f]),
            "p.sudoku:1:6: error[invalid-symbol]: bad `␛`\n  |\n1 | ║ 5␛║x\n  |      ^\n\n"
        );
    }

    #[test]
    fn long_lines_show_a_window_and_empty_ranges_one_caret() {
        let text = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let x = text.find('X').unwrap();
        let out = render(
            &text,
            &[Finding::new(
                Code::UnrecognizedLine,
                TextRange::empty(x),
                "m",
            )],
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "p.sudoku:1:5001: error[unrecognized-line]: m");
        let shown = lines[2].strip_prefix("1 | ").unwrap();
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        assert!(shown.chars().count() <= MAX_SNIPPET + 2);
        let caret = lines[3].strip_prefix("  | ").unwrap();
        assert_eq!(caret.trim_start(), "^");
        assert_eq!(shown.chars().nth(caret.len() - 1), Some('X'));
    }

    #[test]
    fn range_past_the_line_end_is_cut_at_the_line() {
        let text = "ab\ncd\n";
        let out = render(
            text,
            &[Finding::new(Code::RowCount, TextRange::new(1, 5), "m")],
        );
        assert!(out.contains("1 | ab\n  |  ^\n"), "{out}");
        // An empty text still renders (an encoding error sits at 0 in an empty text).
        let out = render(
            "",
            &[Finding::new(Code::Encoding, TextRange::empty(0), "m")],
        );
        assert_eq!(out, "p.sudoku:1:1: error[encoding]: m\n\n");
    }

    #[test]
    fn summary_wording() {
        let t = Totals {
            files: 5,
            puzzles: 12,
            errors: 3,
            warnings: 1,
            infos: 0,
            files_with_findings: 2,
            ..Totals::default()
        };
        assert_eq!(
            summary(&t),
            "Found 3 errors and 1 warning in 2 files (12 puzzles in 5 files checked)."
        );
        let t = Totals {
            files: 1,
            puzzles: 1,
            errors: 1,
            warnings: 2,
            infos: 1,
            files_with_findings: 1,
            ..Totals::default()
        };
        assert_eq!(
            summary(&t),
            "Found 1 error, 2 warnings and 1 info in 1 file (1 puzzle in 1 file checked)."
        );
        let t = Totals {
            files: 2,
            puzzles: 12,
            ..Totals::default()
        };
        assert_eq!(
            summary(&t),
            "All checked: 12 puzzles in 2 files, no problems."
        );
    }
}
