//! Findings: what the checker reports, as plain data. The CLI's renderers and the language
//! server's conversion both start from these, so the wording never drifts between them.

use std::fmt;
use std::str::FromStr;

use crate::text::TextRange;

/// Every stable code a checker reports. The string form (`duplicate-digit`) is the contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    Encoding,
    UnrecognizedLine,
    InvalidSymbol,
    RowLength,
    RowCount,
    DuplicateDigit,
    NoCandidates,
    DigitHasNoPlace,
    NoSolution,
    MultipleSolutions,
    SolutionMismatch,
    LevelMismatch,
    UnknownLevel,
    WrongElimination,
    SearchGaveUp,
    UnknownDirective,
    NoPuzzle,
    BoxShape,
    DuplicatePuzzle,
    RedundantGiven,
    NotAPuzzleFile,
}

impl Code {
    /// Every code, in the order the README's table lists them.
    pub const ALL: [Code; 21] = [
        Code::Encoding,
        Code::UnrecognizedLine,
        Code::InvalidSymbol,
        Code::RowLength,
        Code::RowCount,
        Code::DuplicateDigit,
        Code::NoCandidates,
        Code::DigitHasNoPlace,
        Code::NoSolution,
        Code::MultipleSolutions,
        Code::SolutionMismatch,
        Code::LevelMismatch,
        Code::UnknownLevel,
        Code::WrongElimination,
        Code::SearchGaveUp,
        Code::UnknownDirective,
        Code::NoPuzzle,
        Code::BoxShape,
        Code::DuplicatePuzzle,
        Code::RedundantGiven,
        Code::NotAPuzzleFile,
    ];

    /// The code's stable name, as `check` prints it and `@allow` and the configuration take it.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Encoding => "encoding",
            Code::NotAPuzzleFile => "not-a-puzzle-file",
            Code::UnrecognizedLine => "unrecognized-line",
            Code::InvalidSymbol => "invalid-symbol",
            Code::RowLength => "row-length",
            Code::RowCount => "row-count",
            Code::DuplicateDigit => "duplicate-digit",
            Code::NoCandidates => "no-candidates",
            Code::DigitHasNoPlace => "digit-has-no-place",
            Code::NoSolution => "no-solution",
            Code::MultipleSolutions => "multiple-solutions",
            Code::SolutionMismatch => "solution-mismatch",
            Code::LevelMismatch => "level-mismatch",
            Code::UnknownLevel => "unknown-level",
            Code::WrongElimination => "wrong-elimination",
            Code::SearchGaveUp => "search-gave-up",
            Code::UnknownDirective => "unknown-directive",
            Code::NoPuzzle => "no-puzzle",
            Code::BoxShape => "box-shape",
            Code::DuplicatePuzzle => "duplicate-puzzle",
            Code::RedundantGiven => "redundant-given",
        }
    }

    /// What the code reports, in one line: the rule's description in SARIF and `--statistics`.
    pub fn description(self) -> &'static str {
        match self {
            Code::Encoding => "The file is not UTF-8 text",
            Code::NotAPuzzleFile => {
                "The file is something else: JSON, HTML, XML, an image, a binary file"
            }
            Code::UnrecognizedLine => "A content line is no grid row, separator line or one-liner",
            Code::InvalidSymbol => "A cell holds a character outside the puzzle's alphabet",
            Code::RowLength => "A grid row or one-liner has the wrong number of cells",
            Code::RowCount => "A grid has the wrong number of rows",
            Code::DuplicateDigit => "A symbol is given twice in a row, column or box",
            Code::NoCandidates => "An empty cell that no symbol can fill",
            Code::DigitHasNoPlace => "A row, column or box has no place left for a symbol",
            Code::NoSolution => "The puzzle has no solution",
            Code::MultipleSolutions => "The puzzle has more than one solution",
            Code::SolutionMismatch => "The recorded @solution is malformed or not the solution",
            Code::LevelMismatch => "The declared level differs from the computed one",
            Code::UnknownLevel => "The declared level is not a known or mapped level name",
            Code::WrongElimination => {
                "A pencil-mark cell lacks the digit of the reference solution"
            }
            Code::SearchGaveUp => "The search ran out of its step budget before a verdict",
            Code::UnknownDirective => "An @ directive with an unknown key or an unusable value",
            Code::NoPuzzle => "The file holds no puzzle",
            Code::BoxShape => "A non-square box shape was assumed for want of an @box",
            Code::DuplicatePuzzle => "The puzzle is an equivalent copy of an earlier one",
            Code::RedundantGiven => "A given can be removed and the solution stays unique",
        }
    }

    /// The severity the format assigns to the code before configuration.
    pub fn default_severity(self) -> Severity {
        match self {
            Code::SearchGaveUp
            | Code::UnknownDirective
            | Code::NoPuzzle
            | Code::LevelMismatch
            | Code::UnknownLevel
            | Code::DuplicatePuzzle => Severity::Warning,
            Code::BoxShape | Code::RedundantGiven => Severity::Info,
            _ => Severity::Error,
        }
    }

    /// False for the codes that run only when the configuration turns them on (`[severity]`):
    /// those that cost far more than the rest of the check.
    pub fn on_by_default(self) -> bool {
        !matches!(self, Code::DuplicatePuzzle | Code::RedundantGiven)
    }

    /// True for the codes of the reader (as opposed to the codes of the analysis); a puzzle with
    /// one of these gets no verdict.
    pub fn is_syntax_error(self) -> bool {
        matches!(self, Code::InvalidSymbol | Code::RowLength | Code::RowCount)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Code {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Code::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| format!("unknown code `{s}`"))
    }
}

/// How serious a finding is; the configuration may change a code's severity or turn it off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    /// The severity's name, as the configuration and the outputs write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Another place a finding points at: the other cell of a duplicate, a differing cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub message: String,
    /// The place in this file (for a place in another file, the finding's own range).
    pub range: TextRange,
    /// A place in another file, or one this file's ranges do not reach.
    pub elsewhere: Option<Elsewhere>,
}

/// A place named by path and line: the first copy of a duplicate puzzle, in an earlier file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elsewhere {
    /// The path as the run names files (relative to where `check` runs, or absolute).
    pub path: std::sync::Arc<str>,
    /// 1-based.
    pub line: u32,
}

/// A replacement of the text in `range` by `new_text`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edit {
    pub range: TextRange,
    pub new_text: String,
}

/// How safe a fix is to apply without looking (ruff's applicability levels). The editor
/// prefers a safe fix of a finding and applies every one of them on "fix all" (often on save).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applicability {
    /// Applying it unseen can never make the file worse: it writes down what the reader
    /// already took the text to mean (declaring the box shape it assumed).
    Safe,
    /// Changes what the author wrote or meant, so only on request: clearing a clashing given,
    /// overwriting a recorded solution, filling in the solution (which leaves no puzzle).
    Unsafe,
}

/// A fix: a title and edits sorted by position, non-overlapping, applied all together or not at
/// all. The title is what the editor's menu and the CLI's `help:` line show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub title: String,
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

/// One thing a checker reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub range: TextRange,
    /// The index of the puzzle it is about, `None` for a finding about the whole file.
    pub puzzle: Option<usize>,
    pub related: Vec<Related>,
    /// The ways to mend it, each offered as it is: the editor lists them all (whatever the
    /// code), `check` shows their titles as `help:` lines.
    pub fixes: Vec<Fix>,
}

impl Finding {
    /// A finding with the code's default severity and nothing related.
    pub fn new(code: Code, range: TextRange, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: code.default_severity(),
            message: message.into(),
            range,
            puzzle: None,
            related: Vec::new(),
            fixes: Vec::new(),
        }
    }

    /// The same finding, about puzzle `puzzle` (its index in the file).
    pub fn in_puzzle(mut self, puzzle: usize) -> Self {
        self.puzzle = Some(puzzle);
        self
    }

    /// The same finding, pointing at `related` places too.
    pub fn with_related(mut self, related: Vec<Related>) -> Self {
        self.related = related;
        self
    }

    /// The same finding with one more fix on offer.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fixes.push(fix);
        self
    }

    /// The same finding moved: ranges from `from` on move by `delta` bytes and the puzzle
    /// index by `index_delta` (see `Puzzle::moved`).
    pub fn moved(&self, from: usize, delta: isize, index_delta: isize) -> Finding {
        let mv = |r: TextRange| r.moved_from(from, delta);
        let mut f = self.clone();
        f.range = mv(f.range);
        f.puzzle = f.puzzle.map(|i| i.saturating_add_signed(index_delta));
        for r in &mut f.related {
            r.range = mv(r.range);
        }
        for fix in &mut f.fixes {
            for e in &mut fix.edits {
                e.range = mv(e.range);
            }
        }
        f
    }
}

/// Applies edits to a text, all or nothing: `None` when an edit is out of bounds, splits a
/// character, or overlaps another.
pub fn apply_edits(text: &str, edits: &[Edit]) -> Option<String> {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in sorted {
        let r = e.range;
        if r.start < at
            || r.end < r.start
            || r.end > text.len()
            || !text.is_char_boundary(r.start)
            || !text.is_char_boundary(r.end)
        {
            return None;
        }
        out.push_str(&text[at..r.start]);
        out.push_str(&e.new_text);
        at = r.end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for c in Code::ALL {
            assert_eq!(c.as_str().parse::<Code>(), Ok(c));
        }
    }

    #[test]
    fn every_code_has_a_one_line_description_and_its_place_in_all() {
        for (i, c) in Code::ALL.into_iter().enumerate() {
            let d = c.description();
            assert!(
                !d.is_empty() && !d.contains('\n') && !d.ends_with('.'),
                "{c}: {d}"
            );
            // `Totals` counts per code by `code as usize`.
            assert_eq!(c as usize, i, "{c}");
        }
    }

    #[test]
    fn edits_apply_whole_or_not_at_all() {
        let e = |s, t, n: &str| Edit {
            range: TextRange::new(s, t),
            new_text: n.into(),
        };
        assert_eq!(
            apply_edits("a.b.c", &[e(3, 4, "9"), e(1, 2, "8")]).as_deref(),
            Some("a8b9c")
        );
        assert_eq!(apply_edits("a.b.c", &[e(1, 3, "x"), e(2, 4, "y")]), None);
        assert_eq!(apply_edits("a", &[e(0, 5, "x")]), None);
    }
}
