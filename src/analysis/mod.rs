//! The analysis: from a parsed file to findings, one module per diagnostic code.

pub mod fill;

use crate::config::Config;
use crate::finding::Finding;
use crate::grid::Shape;
use crate::syntax::{self, ParsedFile};
use crate::text::TextRange;

/// The verdict on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided: the puzzle has a syntax error.
    SyntaxError,
    /// Not decided: the search budget ran out.
    GaveUp,
    /// The number of solutions, capped at 2 (2 means "two or more").
    Solutions(u8),
}

impl Verdict {
    /// `solutions` as the JSON output writes it: 0, 1, 2 or null.
    pub fn count(self) -> Option<u8> {
        match self {
            Verdict::Solutions(n) => Some(n),
            _ => None,
        }
    }
}

/// What the analysis found out about one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleReport {
    pub index: usize,
    pub shape: Shape,
    pub givens: usize,
    pub verdict: Verdict,
    /// The unique solution's values, when there is exactly one.
    pub solution: Option<Vec<u8>>,
    /// The first grid line, for locating the puzzle.
    pub first_line: TextRange,
}

/// Everything the analysis of one file produced.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The reader's output, kept for hover and code actions.
    pub file: ParsedFile,
    /// One report per puzzle of `file.puzzles`, in the same order.
    pub reports: Vec<PuzzleReport>,
    /// Every finding after configuration and `@allow`, sorted by position.
    pub findings: Vec<Finding>,
}

/// Analyses a file's raw bytes (decoding them first).
pub fn analyze_bytes(bytes: &[u8], config: &Config) -> Analysis {
    match syntax::decode(bytes) {
        Ok((text, _)) => analyze(text, config),
        Err(finding) => Analysis {
            findings: vec![finding],
            ..Analysis::default()
        },
    }
}

/// Analyses a file's text.
pub fn analyze(text: &str, config: &Config) -> Analysis {
    let _ = config;
    Analysis {
        file: syntax::parse(text),
        ..Analysis::default()
    }
}
